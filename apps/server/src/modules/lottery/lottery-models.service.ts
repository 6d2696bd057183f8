import type { Kysely } from 'kysely';
import {
  formatMinor,
  lotteryBetTypeNames,
  lotteryBetTypes,
  prizeModeOf,
  returnToPlayerBasisPoints,
  winningResultsOf,
  type LotteryModelList,
  type LotteryPrizeModel,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import type { MerchantConfig } from '../system';
import * as repo from './lottery.repo';

/** The payout table every prize model pays by (docs/lottery.md), with each bet type's return. */
const betTypeTable: LotteryPrizeModel['betTypes'] = lotteryBetTypeNames.map((betType) => ({
  betType,
  oddsHundredths: lotteryBetTypes[betType].oddsHundredths,
  pickDigits: lotteryBetTypes[betType].pickDigits,
  winningResults: winningResultsOf(betType),
  returnToPlayerBasisPoints: returnToPlayerBasisPoints(betType),
}));

/**
 * `/wps/relay/lottery_modelList` (decision 0045): one prize model per lottery vendor of the merchant, in
 * menu order of its first lottery; each model's mode is the prize mode its own cards would give a group
 * (prizeModeOf), and `prizeMode` is the whole group's, as the menu answers it.
 */
export async function modelList(db: Kysely<DB>, merchant: MerchantConfig): Promise<LotteryModelList> {
  const games = await repo.selectMerchantGames(db, merchant.id);
  const decimals = merchant.currency.decimals;
  const byVendor = new Map<string, LotteryPrizeModel['games']>();
  for (const game of games) {
    const entries = byVendor.get(game.vendor_code) ?? [];
    entries.push({
      gameCode: game.game_code,
      gameName: game.name,
      intervalSeconds: game.interval_seconds,
      minStake: formatMinor(game.min_stake_minor, decimals),
      maxStake: formatMinor(game.max_stake_minor, decimals),
    });
    byVendor.set(game.vendor_code, entries);
  }
  return {
    prizeMode: prizeModeOf(games.map((game) => game.vendor_code)),
    models: [...byVendor].map(([vassalage, vendorGames]) => ({
      prizeMode: prizeModeOf([vassalage]),
      vassalage,
      games: vendorGames,
      betTypes: betTypeTable,
    })),
  };
}
