import type { Kysely } from 'kysely';
import { createRaffle, createRedEnvelope } from '../modules/rewards';
import type { MerchantConfig } from '../modules/system';
import type { DB } from './schema';
import { demoMerchantCode } from './seed-demo';

/**
 * The demo merchant's red envelope and raffle (decision 0031), once: an envelope of 888.00 in 88 shares
 * open for 30 days from the first start, and a weekly raffle (one ticket per 100.00 of valid bets, two
 * per deposit) drawn a week after the first start. Both are made by the operator services, so their
 * seeds are committed as an operator's would be.
 */
export async function seedDemoRewardDraws(db: Kysely<DB>): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select(['id', 'currency_code', 'currency_decimals', 'gmt_offset_minutes'])
    .where('code', '=', demoMerchantCode)
    .executeTakeFirst();
  if (!row) return;
  const merchant = {
    id: row.id,
    currency: { code: row.currency_code, decimals: row.currency_decimals },
    gmtOffsetMinutes: row.gmt_offset_minutes,
  } as MerchantConfig;
  const now = Date.now();
  const day = 86_400_000;
  const envelopes = await db
    .selectFrom('red_envelopes')
    .select('id')
    .where('merchant_id', '=', row.id)
    .execute();
  if (envelopes.length === 0) {
    await createRedEnvelope(
      db,
      merchant,
      {
        title: 'Lucky red envelope',
        pool: '888.00',
        shares: 88,
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 30 * day).toISOString(),
      },
      null,
    );
  }
  const raffles = await db.selectFrom('raffles').select('id').where('merchant_id', '=', row.id).execute();
  if (raffles.length === 0) {
    await createRaffle(
      db,
      merchant,
      {
        title: 'Weekly lucky draw',
        startsAt: new Date(now - 3_600_000).toISOString(),
        endsAt: new Date(now + 7 * day).toISOString(),
        drawAt: new Date(now + 7 * day + 3_600_000).toISOString(),
        tickets: { validBetPerTicket: '100.00', ticketsPerDeposit: 2, maxTicketsPerPlayer: 500 },
        prizes: ['1000.00', '500.00', '200.00'],
        wagering: { multiplier: 1, weights: {} },
        withdrawRule: 'forfeit',
      },
      null,
    );
  }
}
