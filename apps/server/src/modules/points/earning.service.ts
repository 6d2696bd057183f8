import type { Kysely, Transaction } from 'kysely';
import { followLedger } from '../../db/ledger-cursor';
import type { DB } from '../../db/schema';
import { pointsAccount, pointsCurrency, systemAccount, transferMany, type TransferRequest } from '../wallet';
import * as repo from './earning.repo';
import type { EarningRow, MemberCounts } from './earning.repo';
import { pointsFor, pointsTypeOf, rollbackPoints, takeBack } from './points-rules';
import { selectRates, type Rates } from './points.repo';
import { raiseVipLevels } from './vip.service';

/** The points job's cursor in rollup_cursors. */
export const pointsCursor = 'points';

export interface EarningOptions {
  /** Transfers read per transaction. */
  batchSize?: number;
  /** Batches per call at most (the job calls again on its next tick). */
  maxBatches?: number;
  /** Called between batches; a test uses it to stop a run half-way. */
  afterBatch?: (read: number) => Promise<void> | void;
}

/**
 * Credits the points of the ledger's new bets and deposits and takes back those of rolled-back bets
 * (decision 0033), following the ledger with its own cursor like the rollups: each batch's record of
 * what every source earned (its `points_earnings` row, once), the points transfers (one per member and
 * type, keyed by the first source it sums), the members' counts, their VIP levels and the cursor's move
 * are one transaction, so a crash or a second runner neither loses nor doubles a point. Answers how many
 * ledger transfers it read.
 */
export function earnPoints(db: Kysely<DB>, options: EarningOptions = {}): Promise<number> {
  return followLedger(
    db,
    pointsCursor,
    {
      batchSize: options.batchSize ?? 20_000,
      maxBatches: options.maxBatches ?? 20,
      afterBatch: options.afterBatch,
    },
    async (trx, cursor, horizon, limit) => {
      const result = await repo.selectEarningBatch(trx, cursor, horizon, limit);
      if (result.rows.length > 0) await creditBatch(trx, result.rows);
      return result;
    },
  );
}

/** One batch's points, by merchant. */
async function creditBatch(trx: Transaction<DB>, rows: EarningRow[]): Promise<void> {
  const merchantIds = [...new Set(rows.map((row) => row.merchantId))].sort((a, b) => a - b);
  const rates = await selectRates(trx, merchantIds);
  const owed = await repo.selectOwed(trx, [...new Set(rows.map((row) => row.memberId))]);
  const requests: TransferRequest[] = [];
  const earnings: repo.Earning[] = [];
  const counts = new Map<number, MemberCounts>();
  for (const merchantId of merchantIds) {
    const mine = rows.filter((row) => row.merchantId === merchantId);
    const rollbackMembers = [
      ...new Set(mine.filter((row) => row.kind === 'rollback').map((row) => row.memberId)),
    ];
    const balances = await repo.lockPointsBalances(
      trx,
      merchantId,
      rollbackMembers.sort((a, b) => a - b),
    );
    for (const memberId of rollbackMembers) if (!balances.has(memberId)) balances.set(memberId, 0n);
    const ledger = new BatchLedger(merchantId, balances, owed, counts);
    for (const row of mine) ledger.apply(row, rates.get(merchantId)!);
    requests.push(...ledger.transfers());
    earnings.push(...ledger.earnings);
  }
  // Each source earns once: its row's primary key. The cursor already makes a second read impossible, so
  // a conflict here is a bug: the batch fails (and rolls back) rather than skip or pay twice.
  const recorded = await repo.insertEarnings(trx, earnings);
  if (recorded.size !== earnings.length) throw new Error('points: a ledger transfer was read twice');
  await transferMany(trx, requests);
  await repo.addMemberCounts(trx, [...counts.values()]);
  await raiseVipLevels(trx, [...counts.keys()]);
}

/** A sum of points moved for one member, named by the first source transfer it includes. */
interface Move {
  memberId: number;
  kind: string;
  keyPrefix: string;
  side: 'credit' | 'debit';
  pointsMinor: bigint;
  firstTransferId: bigint;
}

/**
 * A batch's point movements of one merchant, worked out in ledger order: what each source earned or took
 * back (one `points_earnings` row each), the sums the ledger carries (one transfer per member and type),
 * a member's balance as the batch leaves it (known for members whose rollbacks need it), what each bet
 * of the batch earned (a rollback may follow its bet in the same batch) and what each member owes.
 */
class BatchLedger {
  readonly earnings: repo.Earning[] = [];
  /** What each bet of this batch earned, by its seamless key (both parts of a split bet add up). */
  private readonly earnedByBet = new Map<string, bigint>();
  private readonly moves = new Map<string, Move>();

  constructor(
    private readonly merchantId: number,
    private readonly balances: Map<number, bigint>,
    private readonly owed: Map<number, bigint>,
    private readonly counts: Map<number, MemberCounts>,
  ) {}

  apply(row: EarningRow, rates: Rates): void {
    const count = this.countOf(row.memberId);
    if (row.kind === 'rollback') {
      count.validBetDelta -= row.amountMinor;
      this.rollBack(row, count);
      return;
    }
    if (row.kind === 'bet') count.validBetDelta += row.amountMinor;
    const type = row.kind === 'deposit' ? 'deposit' : pointsTypeOf(row.gameType);
    const points = pointsFor(row.amountMinor, row.decimals, rates[type]);
    if (points === 0n) return;
    if (row.kind === 'bet' && row.betKey !== null) {
      this.earnedByBet.set(row.betKey, (this.earnedByBet.get(row.betKey) ?? 0n) + points);
    }
    this.record(row, points);
    count.earnedDelta += points;
    this.move(row, points, `points_${type}`, `points:earn:${type}`, 'credit');
    // Points still owed by a rolled-back bet are repaid first.
    const repay = count.owedMinor < points ? count.owedMinor : points;
    if (repay > 0n) {
      count.owedMinor -= repay;
      this.move(row, repay, 'points_rollback', 'points:repay', 'debit');
    }
  }

  /** The batch's ledger transfers: each sum keyed by its member and the first source it includes. */
  transfers(): TransferRequest[] {
    return [...this.moves.values()].map((move) => {
      const player = pointsAccount(this.merchantId, move.memberId);
      const issuer = systemAccount(this.merchantId, pointsCurrency, 'points_issuer', move.memberId);
      return {
        debit: move.side === 'credit' ? issuer : player,
        credit: move.side === 'credit' ? player : issuer,
        amountMinor: move.pointsMinor,
        kind: move.kind,
        idempotencyKey: `${move.keyPrefix}:${move.memberId}:${move.firstTransferId}`,
      };
    });
  }

  private rollBack(row: EarningRow, count: MemberCounts): void {
    const earned =
      (row.betPointsMinor ?? 0n) + (row.betKey !== null ? (this.earnedByBet.get(row.betKey) ?? 0n) : 0n);
    const due = rollbackPoints(earned, row.betMinor ?? row.amountMinor, row.amountMinor);
    if (due === 0n) return;
    this.record(row, -due);
    count.earnedDelta -= due;
    const { takenMinor, owedMinor } = takeBack(this.balances.get(row.memberId) ?? 0n, due);
    count.owedMinor += owedMinor;
    if (takenMinor > 0n) this.move(row, takenMinor, 'points_rollback', 'points:rollback', 'debit');
  }

  private record(row: EarningRow, pointsMinor: bigint) {
    this.earnings.push({
      transferId: row.transferId,
      merchantId: this.merchantId,
      memberId: row.memberId,
      pointsMinor,
    });
  }

  /** Adds points to the member's sum of this kind, its balance followed. */
  private move(row: EarningRow, points: bigint, kind: string, keyPrefix: string, side: 'credit' | 'debit') {
    const name = `${keyPrefix}:${row.memberId}`;
    const move = this.moves.get(name);
    if (move) move.pointsMinor += points;
    else
      this.moves.set(name, {
        memberId: row.memberId,
        kind,
        keyPrefix,
        side,
        pointsMinor: points,
        firstTransferId: row.transferId,
      });
    const balance = this.balances.get(row.memberId);
    if (balance !== undefined)
      this.balances.set(row.memberId, balance + (side === 'credit' ? points : -points));
  }

  private countOf(memberId: number): MemberCounts {
    let count = this.counts.get(memberId);
    if (!count) {
      count = {
        memberId,
        merchantId: this.merchantId,
        validBetDelta: 0n,
        earnedDelta: 0n,
        owedMinor: this.owed.get(memberId) ?? 0n,
      };
      this.counts.set(memberId, count);
    }
    return count;
  }
}
