import { formatMinor, type LotteryBet, type LotteryDraw } from '@portal/contracts';
import type { LotteryBetRow } from './lottery-bets.repo';
import type { LotteryDrawRow } from './lottery.repo';

/** A draw as players see it: the seed only once the result is published; "closed" after betting ends. */
export function drawView(
  gameCode: LotteryDraw['gameCode'],
  row: LotteryDrawRow,
  now = new Date(),
): LotteryDraw {
  const revealed = row.status !== 'open';
  const status = revealed ? row.status : row.closes_at <= now ? 'closed' : 'open';
  return {
    gameCode,
    numero: row.draw_no,
    status: status,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    drawsAt: row.draws_at.toISOString(),
    seedHash: row.seed_hash,
    seed: revealed ? row.seed : null,
    result: revealed ? row.result : null,
  };
}

/** A bet as its player sees it. */
export function betView(
  row: LotteryBetRow & { draw_no: string; result: string | null; game_code: LotteryBet['gameCode'] },
  decimals: number,
): LotteryBet {
  return {
    id: row.id.toString(),
    gameCode: row.game_code,
    numero: row.draw_no,
    betType: row.bet_type,
    pick: row.pick,
    amount: formatMinor(row.stake_minor, decimals),
    oddsHundredths: row.odds_hundredths,
    status: row.status,
    payout: row.payout_minor === null ? null : formatMinor(row.payout_minor, decimals),
    result: row.result,
    createdAt: row.created_at.toISOString(),
  };
}
