import { formatMinor, type BgsGameCode, type BgsRound } from '@portal/contracts';
import { minesPayout, type BgsOutcome, type BgsParams } from '@portal/contracts/bgs';
import type { RoundRow } from './inhouse.repo';

/** Whether a mines board may be shown: never while the player can still choose tiles on it. */
function outcomeVisible(row: RoundRow): boolean {
  return row.game_code !== 'bgs-mines' || row.status === 'settled' || row.status === 'paying';
}

/** The round as the game pages and the verify page see it. */
export function roundView(row: RoundRow, decimals: number): BgsRound {
  const params = row.params as BgsParams;
  const reveals = row.reveals.map(Number);
  const cashout =
    row.status === 'open' && params.game === 'bgs-mines' && reveals.length > 0
      ? formatMinor(minesPayout(row.bet_minor, params.mineCount, reveals.length), decimals)
      : null;
  return {
    roundId: row.round_id,
    gameCode: row.game_code as BgsGameCode,
    status: row.status,
    failureCode: row.failure_code,
    bet: formatMinor(row.bet_minor, decimals),
    payout: formatMinor(row.payout_minor, decimals),
    currency: row.currency,
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.revealed_server_seed,
    clientSeed: row.client_seed,
    nonce: row.nonce,
    params,
    outcome: outcomeVisible(row) ? (row.outcome as BgsOutcome) : null,
    reveals,
    cashoutValue: cashout,
    createdAt: row.created_at.toISOString(),
  };
}
