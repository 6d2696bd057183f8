import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { demoCatalogue } from '../db/seed-demo-games';
import { startVendorSimulator, type VendorSimulator } from './simulator';
import { simVendorKinds } from './sim-game-kinds';

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

/** The demo's hosted vendors whose games the simulator plays. */
function simulatedVendorCodes(): string[] {
  return demoCatalogue
    .filter((vendor) => vendor.launchKind === 'hosted' && simVendorKinds[vendor.code] !== undefined)
    .map((vendor) => vendor.code);
}

/**
 * Runs the demo's seamless vendors (IMES, DS88, SIMLIVE, ...) on the simulator: each vendor's secret from
 * the vendors table is shared with the simulator (as SIM's is) and its launch address points at the
 * simulator's game page. Vendors missing from the table (no demo catalogue) are skipped.
 */
export async function connectSimulatorGames(db: Kysely<DB>, simulator: VendorSimulator): Promise<string[]> {
  const codes = simulatedVendorCodes();
  if (codes.length === 0) return [];
  const rows = await db.selectFrom('vendors').select(['code', 'secret']).where('code', 'in', codes).execute();
  for (const row of rows) {
    simulator.addVendor(row.code, row.secret);
    await db
      .updateTable('vendors')
      .set({ launch_url: simulator.launchUrl(row.code) })
      .where('code', '=', row.code)
      .execute();
  }
  return rows.map((row) => row.code);
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
    // That simulator must also hold these vendors' secrets (from the vendors table) to sign their calls.
    for (const code of simulatedVendorCodes()) {
      await db
        .updateTable('vendors')
        .set({ launch_url: `${base}/games/${code}/launch` })
        .where('code', '=', code)
        .execute();
    }
    return undefined;
  }
  if (!simulator) return undefined;
  // The game pages call this portal's seamless API on loopback (server to server).
  const running = await startVendorSimulator({
    port: simulatorPort,
    portalUrl: `http://127.0.0.1:${config.port}`,
  });
  try {
    const secret = await upsertDemoTransferVendor(db, running.vendorUrl(demoTransferVendor.code));
    running.addVendor(demoTransferVendor.code, secret);
    await connectSimulatorGames(db, running);
    return running;
  } catch (error) {
    await running.close();
    throw error;
  }
}
