import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, lotteryMenu, lotteryModelList, type LotteryGameCode } from '@portal/contracts';
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

  it('lists the prize models: one per lottery vendor with its lotteries, odds and returns', async () => {
    await setVendors('LOTT', ['LOTT', 'ELOTT']);
    await setVendors('TCG_LOTTO_VN', ['VN']);
    await setVendors('BGS', ['SEA']);
    const reply = await kit.call('GET', '/wps/relay/lottery_modelList');
    expect(reply.status).toBe(200);
    const list = envelopeOf(lotteryModelList).parse(reply.body).value;
    expect(list.prizeMode).toBe('ELOTT');
    expect(
      list.models.map((model) => [
        model.vassalage,
        model.prizeMode,
        model.games.map((game) => game.gameCode),
      ]),
    ).toEqual([
      ['LOTT', 'ELOTT', ['LOTT', 'ELOTT']],
      ['TCG_LOTTO_VN', 'ELOTT', ['VN']],
      ['BGS', 'ZY', ['SEA']],
    ]);
    expect(list.models[0]?.games[0]).toMatchObject({ minStake: '1.00', maxStake: '10000.00' });
    const returns = Object.fromEntries(
      (list.models[2]?.betTypes ?? []).map((row) => [
        row.betType,
        [row.winningResults, row.returnToPlayerBasisPoints],
      ]),
    );
    expect(returns).toEqual({
      TWO_DIGIT: [10, 9000],
      THREE_DIGIT: [1, 9000],
      BIG: [500, 9750],
      SMALL: [500, 9750],
    });
    // A lottery switched off leaves the list with its vendor.
    await db().updateTable('lottery_games').set({ enabled: false }).where('game_code', '=', 'SEA').execute();
    const after = envelopeOf(lotteryModelList).parse(
      (await kit.call('GET', '/wps/relay/lottery_modelList')).body,
    );
    expect(after.value.models.map((model) => model.vassalage)).toEqual(['LOTT', 'TCG_LOTTO_VN']);
  });
});
