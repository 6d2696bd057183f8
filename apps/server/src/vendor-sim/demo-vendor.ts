import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { startVendorSimulator, type VendorSimulator } from './simulator';

/** The demo's transfer-mode vendor, played by the simulator. */
export const demoTransferVendor = { code: 'SIM', name: 'Simulator Transfer' } as const;

/**
 * Creates or re-points vendor SIM at the simulator's address (its port may change between starts) and
 * returns its secret. The secret is made once and kept, so transfers stay verifiable across restarts.
 */
export async function upsertDemoTransferVendor(db: Kysely<DB>, apiUrl: string): Promise<string> {
  const row = await db
    .insertInto('vendors')
    .values({
      code: demoTransferVendor.code,
      name: demoTransferVendor.name,
      wallet_mode: 'transfer',
      secret: randomBytes(32).toString('hex'),
      api_url: apiUrl,
    })
    .onConflict((conflict) => conflict.column('code').doUpdateSet({ api_url: sql`excluded.api_url` }))
    .returning('secret')
    .executeTakeFirstOrThrow();
  return row.secret;
}

/**
 * With VENDOR_SIM on (default with the demo seed): starts the simulator on VENDOR_SIM_PORT (0 = free)
 * and points SIM at it. With VENDOR_SIM_URL: points SIM at that outside simulator, which must be given
 * the secret stored in the vendors table. Returns the running simulator, if one was started here.
 */
export async function startDemoVendors(db: Kysely<DB>, config: Config): Promise<VendorSimulator | undefined> {
  const { simulator, simulatorPort, simulatorUrl } = config.vendors;
  if (simulatorUrl) {
    const base = simulatorUrl.replace(/\/+$/, '');
    await upsertDemoTransferVendor(db, `${base}/vendors/${demoTransferVendor.code}`);
    return undefined;
  }
  if (!simulator) return undefined;
  const running = await startVendorSimulator({ port: simulatorPort });
  try {
    const secret = await upsertDemoTransferVendor(db, running.vendorUrl(demoTransferVendor.code));
    running.addVendor(demoTransferVendor.code, secret);
    return running;
  } catch (error) {
    await running.close();
    throw error;
  }
}
