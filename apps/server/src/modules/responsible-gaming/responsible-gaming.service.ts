import { sql, type Kysely, type Transaction } from 'kysely';
import {
  blockEnd,
  formatMinor,
  rgPeriodMs,
  rgPeriods,
  type RgBlockPayload,
  type RgMoneySummary,
  type RgOverview,
  type RgPeriod,
  type RgSessionStatus,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { previousLogin, revokeAllSessions } from '../auth';
import {
  applyDue,
  audit,
  personKeysOf,
  presentLimits,
  presentSessionLimit,
  syncWagerState,
  type RgContext,
} from './limits.service';
import * as repo from './responsible-gaming.repo';

/**
 * The player's side of responsible gaming (issue 17): the page's overview, breaks and self-exclusion,
 * the reality check's figures, the 12-month money summary and the audit; and the checks other modules
 * run (login, deposits) through the module's face.
 */

/** What the deposits of a member add up to within the last `periodMs` (the payments module answers). */
export type DepositedWithin = (
  db: Kysely<DB> | Transaction<DB>,
  memberId: number,
  periodMs: number,
) => Promise<bigint>;

const day = 86_400_000;

function presentBlock(row: repo.BlockRow) {
  return {
    kind: row.kind,
    startedAt: row.started_at.toISOString(),
    endsAt: row.ends_at?.toISOString() ?? null,
    allMerchants: row.all_merchants,
  };
}

/** The page: limits (changes past their cooling-off applied first), session limit, reality check, block. */
export async function overview(
  context: RgContext,
  now: Date,
  depositedWithin: DepositedWithin,
  countryOf: (ip: string) => string | null,
): Promise<RgOverview> {
  const { db, merchant, memberId } = context;
  await applyDue(db, { memberId, merchantId: merchant.id }, now);
  const [rows, profile, identity, settings, state, last] = await Promise.all([
    repo.selectLimits(db, memberId),
    repo.selectProfile(db, memberId),
    repo.selectIdentity(db, memberId),
    repo.selectSettings(db, merchant.id),
    repo.selectWagerState(db, memberId),
    previousLogin(db, memberId),
  ]);
  const deposits = new Map<RgPeriod, bigint>();
  for (const period of rgPeriods) {
    if (rows.some((row) => row.kind === 'deposit' && row.period === period))
      deposits.set(period, await depositedWithin(db, memberId, rgPeriodMs[period]));
  }
  const block = await repo.selectLiveBlock(db, memberId, identity ? personKeysOf(identity) : [], now);
  return {
    limits: presentLimits(merchant, rows, (kind, period) =>
      kind === 'deposit' ? (deposits.get(period) ?? 0n) : windowUsed(state, kind, period, now),
    ),
    sessionLimit: presentSessionLimit(rows),
    realityCheckMinutes: profile?.reality_check_minutes ?? null,
    block: block ? presentBlock(block) : null,
    allowPermanentExclusion: settings?.allow_permanent_exclusion ?? false,
    lastLogin: last ? { at: last.at.toISOString(), ip: last.ip, country: countryOf(last.ip) } : null,
  };
}

/** Wagered or lost in the window of `period` that is open now (0 once it has closed). */
function windowUsed(
  state: repo.WagerStateRow | undefined,
  kind: 'loss' | 'wager',
  period: RgPeriod,
  now: Date,
): bigint {
  if (!state) return 0n;
  const startedAt = state[`${period}_started_at`];
  if (!startedAt || startedAt.getTime() + rgPeriodMs[period] <= now.getTime()) return 0n;
  const value = kind === 'wager' ? state[`${period}_wagered_minor`] : state[`${period}_lost_minor`];
  return value > 0n ? value : 0n;
}

/** Sets the reality-check interval (null: off). */
export async function setRealityCheck(context: RgContext, minutes: number | null, now: Date): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    await repo.saveProfile(trx, context.memberId, context.merchant.id, minutes);
    await audit(trx, context, 'reality_check_set', { minutes });
    await syncWagerState(trx, context.memberId, context.merchant.id, now);
  });
}

/**
 * Starts a break or self-exclusion: recorded (shared by person key when the merchant shares exclusions),
 * the wallet refuses bets from the same transaction on, and every session of the person ends at once.
 */
export async function startBlock(context: RgContext, payload: RgBlockPayload, now: Date) {
  const { db, merchant, memberId } = context;
  const settings = await repo.selectSettings(db, merchant.id);
  if (payload.duration === 'permanent' && !settings?.allow_permanent_exclusion) {
    throw new AppError('rg_permanent_not_allowed', 'This site does not offer a permanent self-exclusion');
  }
  const shared = settings?.share_exclusions ?? false;
  const endsAt = blockEnd(now, payload.duration);
  const members = await db.transaction().execute(async (trx) => {
    const identity = await repo.selectIdentity(trx, memberId);
    const keys = shared && identity ? personKeysOf(identity) : [];
    const live = await repo.selectLiveBlock(trx, memberId, [], now);
    // A longer block already running is not shortened (blocks are not reversible before their end).
    if (live && (live.ends_at === null || (endsAt !== null && live.ends_at >= endsAt))) {
      return [{ id: memberId, merchant_id: merchant.id }];
    }
    await repo.insertBlock(
      trx,
      { merchantId: merchant.id, memberId, kind: payload.kind, startedAt: now, endsAt, allMerchants: shared },
      keys,
    );
    await audit(trx, context, 'block_started', {
      kind: payload.kind,
      duration: payload.duration,
      endsAt: endsAt?.toISOString() ?? null,
      allMerchants: shared,
    });
    const people =
      shared && identity
        ? await repo.selectMembersOfPerson(trx, identity.mobile, identity.email?.trim().toLowerCase() ?? null)
        : [];
    const all = [{ id: memberId, merchant_id: merchant.id }, ...people.filter((row) => row.id !== memberId)];
    for (const member of all) await syncWagerState(trx, member.id, member.merchant_id, now);
    return all;
  });
  for (const member of members) await revokeAllSessions(db, member.id);
  const block = await repo.selectLiveBlock(db, memberId, [], now);
  return presentBlock(block!);
}

/**
 * The login check (the auth module runs it before a session opens): refused during a break or
 * self-exclusion (own, or shared by the same person on another merchant) with its end date; after a
 * self-exclusion has ended, the first login attempt requests the reopening and the account opens 24 hours
 * later. An allowed login restarts the session's clock and net result.
 */
export async function checkLogin(
  db: Kysely<DB>,
  member: { memberId: number; merchantId: number },
  now: Date,
): Promise<void> {
  const identity = await repo.selectIdentity(db, member.memberId);
  const block = await repo.selectLiveBlock(db, member.memberId, identity ? personKeysOf(identity) : [], now);
  if (block) {
    const endsAt = block.ends_at?.toISOString() ?? null;
    if (block.kind === 'break') {
      throw new AppError('rg_on_break', `You are taking a break until ${endsAt}`, { endsAt });
    }
    throw new AppError(
      'rg_self_excluded',
      endsAt ? `You are self-excluded until ${endsAt}` : 'You are self-excluded permanently',
      { endsAt },
    );
  }
  const exclusion = await repo.selectLatestExclusion(db, member.memberId);
  if (exclusion?.ends_at) {
    const requestedAt = exclusion.reopen_requested_at ?? now;
    const reopensAt = new Date(requestedAt.getTime() + day);
    if (!exclusion.reopen_requested_at) {
      await repo.markReopenRequested(db, exclusion.id, now);
      await repo.insertEvent(db, {
        ...member,
        action: 'reopen_requested',
        detail: { reopensAt: reopensAt.toISOString() },
      });
    }
    if (reopensAt > now) {
      throw new AppError('rg_reopen_pending', `Your account reopens at ${reopensAt.toISOString()}`, {
        endsAt: reopensAt.toISOString(),
      });
    }
  }
  await repo.restartSession(db, member.memberId, now);
}

/**
 * Runs `insert` within the member's deposit limits: without a deposit limit it just runs; with one, under
 * the member's deposit lock, the deposits of each period plus this one must stay within its limit, else
 * rg_deposit_limit and nothing is written (and no payment provider is asked). Pending and approved
 * deposits count; the windows are the database's clock, like the deposits' own dates.
 */
export async function withinDepositLimits<T>(
  db: Kysely<DB>,
  member: { memberId: number; merchantId: number; decimals: number },
  amountMinor: bigint,
  now: Date,
  depositedWithin: DepositedWithin,
  insert: (executor: Kysely<DB> | Transaction<DB>) => Promise<T>,
): Promise<T> {
  await applyDue(db, member, now);
  const limits = (await repo.selectLimits(db, member.memberId)).filter(
    (row) => row.kind === 'deposit' && row.amount_minor !== null,
  );
  if (limits.length === 0) return insert(db);
  return db.transaction().execute(async (trx) => {
    await repo.lockDeposits(trx, member.memberId);
    for (const limit of limits) {
      const used = await depositedWithin(trx, member.memberId, rgPeriodMs[limit.period as RgPeriod]);
      if (used + amountMinor > limit.amount_minor!) {
        const left = limit.amount_minor! - used;
        throw new AppError('rg_deposit_limit', 'This deposit would go past your deposit limit', {
          period: limit.period,
          remaining: formatMinor(left > 0n ? left : 0n, member.decimals),
        });
      }
    }
    return insert(trx);
  });
}

/**
 * The wager-time rule for a transfer-mode vendor (decision 0037): its bets happen in the vendor's own
 * wallet, out of the portal's sight, so money going into it is held to the rule a seamless bet of the same
 * amount meets: refused rg_blocked on a break or self-exclusion, rg_limit_reached past the session time or
 * where it would take an open loss or wager window past its limit. It is not counted (the vendor's bets
 * are not seen); money coming back out is never held.
 */
export async function checkTransferIn(
  db: Kysely<DB> | Transaction<DB>,
  member: { memberId: number; merchantId: number },
  amountMinor: bigint,
): Promise<void> {
  const { rows } = await sql<{ refusal: string | null }>`
    select rg_gate(${member.memberId}, 'bet', ${amountMinor}, ${member.merchantId}, '', '') as refusal`.execute(
    db,
  );
  const refusal = rows[0]?.refusal;
  if (refusal === 'rg_blocked') throw new AppError('rg_blocked', 'You are on a break or self-excluded');
  if (refusal === 'rg_limit_reached') {
    throw new AppError('rg_limit_reached', 'This transfer would go past one of your limits');
  }
}

/** The reality check's figures: the session's start (this login), elapsed time and net result; the login before it. */
export async function sessionStatus(
  context: RgContext,
  now: Date,
  countryOf: (ip: string) => string | null,
): Promise<RgSessionStatus> {
  const [state, profile, last] = await Promise.all([
    repo.selectWagerState(context.db, context.memberId),
    repo.selectProfile(context.db, context.memberId),
    previousLogin(context.db, context.memberId),
  ]);
  const startedAt = state?.session_started_at ?? now;
  return {
    startedAt: startedAt.toISOString(),
    elapsedSeconds: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / 1000)),
    netResult: formatMinor(state?.session_net_minor ?? 0n, context.merchant.currency.decimals),
    realityCheckMinutes: profile?.reality_check_minutes ?? null,
    lastLogin: last ? { at: last.at.toISOString(), ip: last.ip, country: countryOf(last.ip) } : null,
  };
}

/** Deposits, withdrawals, bets and wins per month of the last 12 (from the daily rollup), and net deposits. */
export async function moneySummary(context: RgContext, now: Date): Promise<RgMoneySummary> {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const rows = await repo.selectMonths(context.db, context.memberId, from);
  const decimals = context.merchant.currency.decimals;
  let net = 0n;
  const months = [];
  for (let index = 0; index < 12; index += 1) {
    const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + index, 1))
      .toISOString()
      .slice(0, 7);
    const row = rows.find((candidate) => candidate.month === month);
    const deposits = BigInt(row?.deposit_minor ?? 0);
    const withdrawals = BigInt(row?.withdrawal_minor ?? 0);
    net += deposits - withdrawals;
    months.push({
      month,
      deposits: formatMinor(deposits, decimals),
      withdrawals: formatMinor(withdrawals, decimals),
      bets: formatMinor(BigInt(row?.bet_minor ?? 0), decimals),
      wins: formatMinor(BigInt(row?.payout_minor ?? 0), decimals),
    });
  }
  return { months: months.reverse(), netDeposits: formatMinor(net, decimals) };
}

/** The player's own audit, newest first. */
export async function events(db: Kysely<DB>, memberId: number, limit = 200) {
  const rows = await repo.selectEvents(db, memberId, limit);
  return rows.map((row) => ({
    id: row.id.toString(),
    action: row.action as 'limit_set',
    detail: row.detail as Record<string, string | number | boolean | null>,
    createdAt: row.created_at.toISOString(),
  }));
}
