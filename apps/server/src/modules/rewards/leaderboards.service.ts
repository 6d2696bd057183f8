import { sql, type Kysely } from 'kysely';
import {
  activityRules,
  type ActivityRules,
  type Leaderboard,
  type LeaderboardEntry,
} from '@portal/contracts';
import { formatMinor, parseMinor } from '@portal/contracts/rules';
import type { DB, StoredStanding } from '../../db/schema';
import { AppError } from '../../http/errors';
import { nextPeriod, periodOf, zoneOfGmtOffset, type Period } from '../../lib/periods';
import type { MerchantConfig } from '../system';
import { issueBonus, lockBonusWallets } from './bonus-wallet';
import { dayOf, maskedName } from './reward-rules';
import * as repo from './rewards.repo';
import type { RewardContext } from './rewards.service';

/**
 * Leaderboards (decision 0030): a merchant's accounts ranked by valid bet over each day or week, from the
 * rollups; when a period has closed (and the rollups have caught up with its end) its prizes are paid
 * into the winners' bonus wallets, once: the period's row and the winners' claims are written in one
 * transaction, and each prize is a transfer keyed by activity, winner and period.
 */

type LeaderboardRules = Extract<ActivityRules, { kind: 'leaderboard' }>;

const shownEntries = 50;

interface Ranked {
  member_id: number;
  username: string;
  figure: string;
}

/** The top `limit` accounts by valid bet over the period's merchant days (ties: the older account first). */
async function ranking(db: Kysely<DB>, merchantId: number, period: Period, zone: string, limit: number) {
  const { rows } = await sql<Ranked>`
    select d.member_id, m.username, sum(d.valid_bet_minor)::text as figure
    from member_daily d join members m on m.id = d.member_id
    where d.merchant_id = ${merchantId} and d.day between ${dayOf(period.start, zone)}::date
      and ${dayOf(new Date(period.end.getTime() - 1), zone)}::date and m.type <> 4
    group by d.member_id, m.username
    having sum(d.valid_bet_minor) > 0
    order by sum(d.valid_bet_minor) desc, d.member_id
    limit ${limit}`.execute(db);
  return rows;
}

/** The caller's figure and rank in the period (null rank: nothing bet yet). */
async function placeOf(db: Kysely<DB>, merchantId: number, memberId: number, period: Period, zone: string) {
  const { rows } = await sql<{ figure: string; ahead: string }>`
    with figures as (
      select d.member_id, sum(d.valid_bet_minor) as figure
      from member_daily d join members m on m.id = d.member_id
      where d.merchant_id = ${merchantId} and d.day between ${dayOf(period.start, zone)}::date
        and ${dayOf(new Date(period.end.getTime() - 1), zone)}::date and m.type <> 4
      group by d.member_id
    ),
    mine as (select coalesce((select figure from figures where member_id = ${memberId}), 0) as figure)
    select (select figure from mine)::text as figure,
      (select count(*) from figures f, mine
        where f.figure > mine.figure or (f.figure = mine.figure and f.member_id < ${memberId}))::text as ahead`.execute(
    db,
  );
  const figure = BigInt(rows[0]!.figure);
  return { figure, rank: figure > 0n ? Number(rows[0]!.ahead) + 1 : null };
}

function prizesMinor(rules: LeaderboardRules, decimals: number): bigint[] {
  return rules.prizes.map((prize) => parseMinor(prize, decimals) ?? 0n);
}

/** missionLeaderboard: the running period's standings, the caller's place and the last winners. */
export async function leaderboardView(context: RewardContext, id: bigint): Promise<Leaderboard> {
  const { db, merchant, memberId } = context;
  const row = await repo.selectActivity(db, merchant.id, id);
  const rules = row ? activityRules.safeParse(row.rules) : undefined;
  if (!row || !rules?.success || rules.data.kind !== 'leaderboard') {
    throw new AppError('activity_not_found', 'No such leaderboard');
  }
  const board = rules.data;
  const decimals = merchant.currency.decimals;
  const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
  const period = periodOf(board.period, context.now ?? new Date(), zone);
  const prizes = prizesMinor(board, decimals);
  const ranked = await ranking(db, merchant.id, period, zone, shownEntries);
  const entries: LeaderboardEntry[] = ranked.map((entry, index) => ({
    rank: index + 1,
    player: maskedName(entry.username),
    figure: formatMinor(BigInt(entry.figure), decimals),
    prize: index < prizes.length ? formatMinor(prizes[index]!, decimals) : null,
    mine: entry.member_id === memberId,
  }));
  const me = await placeOf(db, merchant.id, memberId, period, zone);
  const last = await db
    .selectFrom('reward_leaderboard_periods')
    .select(['period_key', 'standings'])
    .where('activity_id', '=', id)
    .orderBy('period_end', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    activityId: String(id),
    title: row.title,
    period: { key: period.key, start: period.start.toISOString(), end: period.end.toISOString() },
    prizes: prizes.map((prize) => formatMinor(prize, decimals)),
    entries,
    me: { rank: me.rank, figure: formatMinor(me.figure, decimals) },
    winners: last
      ? {
          periodKey: last.period_key,
          entries: last.standings.map((standing) => ({
            rank: standing.rank,
            player: standing.player,
            figure: formatMinor(BigInt(standing.figureMinor), decimals),
            prize: formatMinor(BigInt(standing.prizeMinor), decimals),
            mine: standing.memberId === memberId,
          })),
        }
      : null,
  };
}

interface BoardRow {
  id: bigint;
  merchant_id: number;
  title: string;
  rules: unknown;
  starts_at: Date;
  ends_at: Date | null;
  closed_at: Date | null;
  wagering_multiplier: number;
  wagering_weights: Record<string, number>;
  withdraw_rule: 'refuse' | 'forfeit';
  currency_code: string;
  currency_decimals: number;
  gmt_offset_minutes: number;
}

/** Pays the prizes of one closed period once; false when it was paid already. */
async function settlePeriod(db: Kysely<DB>, board: BoardRow, rules: LeaderboardRules, period: Period) {
  const zone = zoneOfGmtOffset(board.gmt_offset_minutes);
  const merchant = {
    id: board.merchant_id,
    currency: { code: board.currency_code, decimals: board.currency_decimals },
  } as MerchantConfig;
  const prizes = prizesMinor(rules, board.currency_decimals);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('reward_leaderboard_periods')
      .values({
        activity_id: board.id,
        period_key: period.key,
        period_end: period.end,
        standings: '[]' as never,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('period_key')
      .executeTakeFirst();
    if (!claimed) return false;
    const winners = await ranking(db, board.merchant_id, period, zone, prizes.length);
    const standings: StoredStanding[] = winners.map((winner, index) => ({
      rank: index + 1,
      memberId: winner.member_id,
      player: maskedName(winner.username),
      figureMinor: winner.figure,
      prizeMinor: prizes[index]!.toString(),
    }));
    // Each prize takes its winner's bonus lock; in account order, as any other multi-member writer would,
    // and all of them before the first prize moves money (decision 0030, amended).
    await lockBonusWallets(
      trx,
      merchant,
      standings.map((standing) => standing.memberId),
    );
    for (const standing of [...standings].sort((a, b) => a.memberId - b.memberId)) {
      const claim = await trx
        .insertInto('reward_claims')
        .values({
          merchant_id: board.merchant_id,
          activity_id: board.id,
          member_id: standing.memberId,
          period_key: period.key,
          amount_minor: BigInt(standing.prizeMinor),
          status: 'issued',
          contact_app: null,
          contact_id: null,
          ip: null,
          device: null,
          decided_by: null,
          decided_at: new Date(),
        })
        .onConflict((conflict) => conflict.columns(['activity_id', 'member_id', 'period_key']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!claim) continue;
      await issueBonus(trx, {
        merchant,
        memberId: standing.memberId,
        claimId: claim.id,
        idempotencyKey: `reward:${board.id}:${standing.memberId}:${period.key}`,
        amountMinor: BigInt(standing.prizeMinor),
        multiplier: board.wagering_multiplier,
        weights: board.wagering_weights,
        withdrawRule: board.withdraw_rule,
      });
    }
    await trx
      .updateTable('reward_leaderboard_periods')
      .set({ standings: JSON.stringify(standings) as never })
      .where('activity_id', '=', board.id)
      .where('period_key', '=', period.key)
      .execute();
    return true;
  });
}

/**
 * Every leaderboard period that has closed, that the rollups cover and that falls in its activity's
 * window is paid, once (the reward-leaderboards job). Answers how many periods were paid.
 */
export async function settleLeaderboards(db: Kysely<DB>, now: Date, maxPeriods = 50): Promise<number> {
  const caughtUp = await repo.selectRollupCaughtUpAt(db);
  if (!caughtUp) return 0;
  const limit = Math.min(now.getTime(), caughtUp.getTime());
  const boards = await db
    .selectFrom('reward_activities as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select([
      'a.id',
      'a.merchant_id',
      'a.title',
      'a.rules',
      'a.starts_at',
      'a.ends_at',
      'a.closed_at',
      'a.wagering_multiplier',
      'a.wagering_weights',
      'a.withdraw_rule',
      'm.currency_code',
      'm.currency_decimals',
      'm.gmt_offset_minutes',
    ])
    .where('a.kind', '=', 'leaderboard')
    .where('a.starts_at', '<', new Date(limit))
    .execute();
  let paid = 0;
  for (const board of boards) {
    const parsed = activityRules.safeParse(board.rules);
    if (!parsed.success || parsed.data.kind !== 'leaderboard') continue;
    const zone = zoneOfGmtOffset(board.gmt_offset_minutes);
    const last = await db
      .selectFrom('reward_leaderboard_periods')
      .select('period_end')
      .where('activity_id', '=', board.id)
      .orderBy('period_end', 'desc')
      .limit(1)
      .executeTakeFirst();
    const stop = Math.min(board.ends_at?.getTime() ?? Infinity, board.closed_at?.getTime() ?? Infinity);
    let period = periodOf(parsed.data.period, last ? last.period_end : board.starts_at, zone);
    for (
      let count = 0;
      count < maxPeriods && period.end.getTime() <= limit && period.start.getTime() < stop;
      count += 1
    ) {
      if (await settlePeriod(db, board, parsed.data, period)) paid += 1;
      period = nextPeriod(period);
    }
  }
  return paid;
}
