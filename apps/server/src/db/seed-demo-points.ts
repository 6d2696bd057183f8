import type { Kysely } from 'kysely';
import { createItem, setSettings } from '../modules/points';
import type { MerchantConfig } from '../modules/system';
import type { DB } from './schema';
import { demoMerchantCode } from './seed-demo';

/**
 * The demo merchant's points (decision 0033), once: earning on (1 point per 100.00 of valid bet on slots,
 * more on live and sports, 1 per 200.00 deposited), convert at 100 points per 1.00, cash redeems up to
 * 100.00 approved at once, four VIP tiers by lifetime valid bet, and a cash, a bonus and a voucher item.
 * Written by the operator services, as an operator would.
 */
export async function seedDemoPoints(db: Kysely<DB>): Promise<void> {
  const row = await db
    .selectFrom('merchants')
    .select(['id', 'currency_code', 'currency_decimals'])
    .where('code', '=', demoMerchantCode)
    .executeTakeFirst();
  if (!row) return;
  const done = await db
    .selectFrom('points_settings')
    .select('merchant_id')
    .where('merchant_id', '=', row.id)
    .executeTakeFirst();
  if (done) return;
  const merchant = {
    id: row.id,
    currency: { code: row.currency_code, decimals: row.currency_decimals },
  } as MerchantConfig;
  await setSettings(db, merchant, {
    earningEnabled: true,
    rates: { live: '0.02', lottery: '0.01', poker: '0.01', slots: '0.01', sports: '0.015', deposit: '0.005' },
    convertRatio: '100',
    convertEnabled: true,
    autoApproveMax: '100.00',
    vipBasis: 'valid_bet',
    vipTiers: [
      { level: 1, name: 'Bronze', threshold: '1000.00', levelUpReward: '8.00' },
      { level: 2, name: 'Silver', threshold: '10000.00', levelUpReward: '38.00' },
      { level: 3, name: 'Gold', threshold: '50000.00', levelUpReward: '188.00' },
      { level: 4, name: 'Diamond', threshold: '200000.00', levelUpReward: '888.00' },
    ],
  });
  const common = {
    description: '',
    imageUrl: null,
    stock: null,
    minVipLevel: 0,
    wageringMultiplier: 0,
    enabled: true,
  };
  await createItem(db, merchant, {
    ...common,
    kind: 'cash',
    name: 'Cash 10.00',
    description: 'Paid into the main wallet.',
    pointsPerUnit: '1000',
    amountPerUnit: '10.00',
    minUnits: 1,
    maxUnits: 50,
  });
  await createItem(db, merchant, {
    ...common,
    kind: 'bonus',
    name: 'Bonus 25.00',
    description: 'Bonus credit with a 5x wagering requirement.',
    pointsPerUnit: '2000',
    amountPerUnit: '25.00',
    minUnits: 1,
    maxUnits: 10,
    wageringMultiplier: 5,
  });
  await createItem(db, merchant, {
    ...common,
    kind: 'voucher',
    name: 'Cinema voucher',
    description: 'Two tickets, sent to your address.',
    pointsPerUnit: '3000',
    amountPerUnit: null,
    minUnits: 1,
    maxUnits: 2,
    stock: 100,
    minVipLevel: 1,
  });
}
