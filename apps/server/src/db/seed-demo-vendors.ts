import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, VendorWalletMode } from './schema';

/**
 * Game vendors of the demo: each gets a random secret the first time (a vendor's secret is shared with
 * that vendor only; operators rotate it in the vendors table). Existing vendors are left as they are.
 */
export const demoVendors: { code: string; name: string; walletMode: VendorWalletMode }[] = [
  { code: 'BGS', name: 'BGS in-house games', walletMode: 'seamless' },
];

export async function seedDemoVendors(db: Kysely<DB>): Promise<void> {
  for (const vendor of demoVendors) {
    await db
      .insertInto('vendors')
      .values({
        code: vendor.code,
        name: vendor.name,
        wallet_mode: vendor.walletMode,
        secret: randomBytes(32).toString('hex'),
        api_url: null,
      })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }
}
