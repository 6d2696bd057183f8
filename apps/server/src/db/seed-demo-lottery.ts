import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, LotteryGamesTable } from './schema';

/**
 * The demo lotteries (docs/lottery.md): the lottery vendors (seamless wallet, a random secret the first
 * time) and the four lotteries of the demo merchant with short schedules, so a demo sees draws within a
 * minute. Idempotent: existing vendors and games are left as they are.
 */
const lotteryVendors = [
  { code: 'LOTT', name: 'Lotto (LOTT and ELOTT)' },
  { code: 'TCG_LOTTO_VN', name: 'Vietnam lottery' },
  { code: 'SEA_LOTTO', name: 'South-East Asia lottery' },
];

const demoLotteries: {
  gameCode: LotteryGamesTable['game_code'];
  vendorCode: string;
  name: string;
  intervalSeconds: number;
  closeBeforeSeconds: number;
}[] = [
  {
    gameCode: 'LOTT',
    vendorCode: 'LOTT',
    name: 'Lotto 1 minute',
    intervalSeconds: 60,
    closeBeforeSeconds: 10,
  },
  {
    gameCode: 'ELOTT',
    vendorCode: 'LOTT',
    name: 'E-Lotto 5 minutes',
    intervalSeconds: 300,
    closeBeforeSeconds: 30,
  },
  {
    gameCode: 'VN',
    vendorCode: 'TCG_LOTTO_VN',
    name: 'Vietnam lottery',
    intervalSeconds: 300,
    closeBeforeSeconds: 30,
  },
  {
    gameCode: 'SEA',
    vendorCode: 'SEA_LOTTO',
    name: 'SEA lottery',
    intervalSeconds: 600,
    closeBeforeSeconds: 60,
  },
];

/** Seeds the lottery vendors and the demo merchant's lotteries when missing. */
export async function seedDemoLotteries(db: Kysely<DB>, merchantCode = 'demo'): Promise<void> {
  for (const vendor of lotteryVendors) {
    await db
      .insertInto('vendors')
      .values({
        code: vendor.code,
        name: vendor.name,
        wallet_mode: 'seamless',
        secret: randomBytes(32).toString('hex'),
        api_url: null,
      })
      .onConflict((conflict) => conflict.column('code').doNothing())
      .execute();
  }
  const merchant = await db
    .selectFrom('merchants')
    .select(['id', 'currency_decimals'])
    .where('code', '=', merchantCode)
    .executeTakeFirst();
  if (!merchant) return;
  const unit = 10n ** BigInt(merchant.currency_decimals);
  for (const [index, lottery] of demoLotteries.entries()) {
    await db
      .insertInto('lottery_games')
      .values({
        merchant_id: merchant.id,
        game_code: lottery.gameCode,
        vendor_code: lottery.vendorCode,
        name: lottery.name,
        interval_seconds: lottery.intervalSeconds,
        close_before_seconds: lottery.closeBeforeSeconds,
        min_stake_minor: unit,
        max_stake_minor: 10_000n * unit,
        sort_order: index,
      })
      .onConflict((conflict) => conflict.columns(['merchant_id', 'game_code']).doNothing())
      .execute();
  }
}
