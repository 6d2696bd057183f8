import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, lotteryMenu, type LotteryGameCode } from '@portal/contracts';
import { startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

/**
 * Prize modes of the lottery menu (spec sections 4 and 9, decision 0041): the merchant's whole lottery
 * vendor group decides, ELOTT before ZY before LOTT. The group is rearranged in this file's own database.
 */
let kit: PaymentsKit;
const db = () => kit.testApp.database.db;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

async function prizeMode(): Promise<string> {
  const reply = await kit.call('GET', '/lgw/vn/games/game_menu');
  expect(reply.status).toBe(200);
  return envelopeOf(lotteryMenu).parse(reply.body).value.prizeMode;
}

async function setVendors(vendorCode: string, gameCodes: readonly LotteryGameCode[]): Promise<void> {
  await db()
    .updateTable('lottery_games')
    .set({ vendor_code: vendorCode })
    .where('merchant_id', '=', kit.merchantId)
    .where('game_code', 'in', [...gameCodes])
    .execute();
}

describe('lottery prize mode', () => {
  it('is ZY when every lottery is the in-house vendor, LOTT when one is not, ELOTT with a LOTT card', async () => {
    expect(await prizeMode()).toBe('ELOTT');
    await setVendors('BGS', ['LOTT', 'ELOTT', 'VN', 'SEA']);
    expect(await prizeMode()).toBe('ZY');
    await setVendors('SEA_LOTTO', ['SEA']);
    expect(await prizeMode()).toBe('LOTT');
    await setVendors('LOTT', ['LOTT']);
    expect(await prizeMode()).toBe('ELOTT');
  });
});
