import type { Kysely, Transaction } from 'kysely';
import {
  formatMinor,
  parseMinor,
  rgCoolingOffMs,
  rgPeriods,
  type RgLimit,
  type RgLimitKind,
  type RgPeriod,
} from '@portal/contracts';
import type { DB, RgLimitKindColumn, RgLimitPeriodColumn } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './responsible-gaming.repo';

/**
 * Limits (issue 17): deposit, loss and wager limits per 24 hours, 7 days and 30 days, and the session
 * time limit. A new or lower limit applies at once; a higher one or a removal waits 24 hours (the
 * cooling-off, dated by the caller's clock so tests can drive it) and may be cancelled meanwhile. Every
 * change is audited and the wager-time row is rewritten in the same transaction.
 */
export interface RgContext {
  db: Kysely<DB>;
  merchant: MerchantConfig;
  memberId: number;
}

/** What a requested value does to a limit in force: apply now, or wait for the cooling-off. */
export function changeOf(current: bigint | null, requested: bigint | null): 'now' | 'cooling_off' | 'same' {
  if (requested === current) return 'same';
  if (current === null) return 'now';
  if (requested !== null && requested < current) return 'now';
  return 'cooling_off';
}

/** Sets (or removes, with null) one limit; `value` in minor units, or minutes for the session limit. */
export async function changeLimit(
  context: RgContext,
  limit: { kind: RgLimitKindColumn; period: RgLimitPeriodColumn; value: bigint | null },
  now: Date,
): Promise<void> {
  const { merchant, memberId } = context;
  await context.db.transaction().execute(async (trx) => {
    const row = await repo.selectLimitForUpdate(trx, memberId, limit.kind, limit.period);
    const current = row?.amount_minor ?? null;
    const change = changeOf(current, limit.value);
    const base = { memberId, merchantId: merchant.id, kind: limit.kind, period: limit.period };
    const detail = { kind: limit.kind, period: limit.period, value: limit.value?.toString() ?? null };
    if (change === 'cooling_off') {
      const effectiveAt = new Date(now.getTime() + rgCoolingOffMs);
      await repo.saveLimit(trx, {
        ...base,
        amountMinor: current,
        pendingAmountMinor: limit.value,
        pendingRemoval: limit.value === null,
        effectiveAt,
      });
      await audit(trx, context, 'limit_pending', { ...detail, effectiveAt: effectiveAt.toISOString() });
    } else {
      // A decrease (or the same value) also drops any increase still waiting: the player chose lower.
      await repo.saveLimit(trx, {
        ...base,
        amountMinor: limit.value,
        pendingAmountMinor: null,
        pendingRemoval: false,
        effectiveAt: null,
      });
      await audit(trx, context, 'limit_set', detail);
    }
    await syncWagerState(trx, memberId, merchant.id, now);
  });
}

/** Cancels an increase or removal still in its cooling-off; the limit in force stays. */
export async function cancelPending(
  context: RgContext,
  target: { kind: RgLimitKindColumn; period: RgLimitPeriodColumn },
  now: Date,
): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const row = await repo.selectLimitForUpdate(trx, context.memberId, target.kind, target.period);
    if (!row?.effective_at || row.effective_at <= now) {
      throw new AppError('rg_nothing_pending', 'No change of this limit is waiting');
    }
    await repo.saveLimit(trx, {
      memberId: context.memberId,
      merchantId: context.merchant.id,
      ...target,
      amountMinor: row.amount_minor,
      pendingAmountMinor: null,
      pendingRemoval: false,
      effectiveAt: null,
    });
    await audit(trx, context, 'limit_cancelled', { kind: target.kind, period: target.period });
  });
}

/** Applies the member's changes whose cooling-off has ended by `now`; true when one was applied. */
export async function applyDue(
  db: Kysely<DB>,
  member: { memberId: number; merchantId: number },
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const rows = await repo.selectLimits(trx, member.memberId);
    const due = rows.filter((row) => row.effective_at !== null && row.effective_at <= now);
    for (const row of due) {
      const locked = await repo.selectLimitForUpdate(trx, member.memberId, row.kind, row.period);
      if (!locked?.effective_at || locked.effective_at > now) continue;
      await repo.saveLimit(trx, {
        ...member,
        kind: row.kind,
        period: row.period,
        amountMinor: locked.pending_removal ? null : locked.pending_amount_minor,
        pendingAmountMinor: null,
        pendingRemoval: false,
        effectiveAt: null,
      });
      await repo.insertEvent(trx, {
        ...member,
        action: 'limit_applied',
        detail: {
          kind: row.kind,
          period: row.period,
          value: locked.pending_amount_minor?.toString() ?? null,
        },
      });
    }
    if (due.length > 0) await syncWagerState(trx, member.memberId, member.merchantId, now);
    return due.length > 0;
  });
}

/** Applies every due change (the rg-limits job): at most `batch` members a run. */
export async function applyAllDue(db: Kysely<DB>, now: Date, batch = 500): Promise<number> {
  const members = await repo.selectDueMembers(db, now, batch);
  for (const member of members) {
    await applyDue(db, { memberId: member.member_id, merchantId: member.merchant_id }, now);
  }
  return members.length;
}

export async function audit(
  db: Kysely<DB> | Transaction<DB>,
  context: { merchant: MerchantConfig; memberId: number },
  action: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await repo.insertEvent(db, { merchantId: context.merchant.id, memberId: context.memberId, action, detail });
}

/** Person keys of a member: how the same person is known on other merchants. */
export function personKeysOf(member: { mobile: string | null; email: string | null }): string[] {
  const keys: string[] = [];
  if (member.mobile) keys.push(`mobile:${member.mobile}`);
  if (member.email) keys.push(`email:${member.email.trim().toLowerCase()}`);
  return keys;
}

/**
 * Rewrites the member's wager-time row from the limits in force, the live block (own or shared) and the
 * reality check; deletes it when nothing applies, so the wallet's gate costs such a member one probe.
 */
export async function syncWagerState(
  trx: Kysely<DB> | Transaction<DB>,
  memberId: number,
  merchantId: number,
  now: Date,
): Promise<void> {
  const [limits, identity, profile] = await Promise.all([
    repo.selectLimits(trx, memberId),
    repo.selectIdentity(trx, memberId),
    repo.selectProfile(trx, memberId),
  ]);
  const block = await repo.selectLiveBlock(trx, memberId, identity ? personKeysOf(identity) : [], now);
  const amount = (kind: RgLimitKindColumn, period: RgLimitPeriodColumn) =>
    limits.find((row) => row.kind === kind && row.period === period)?.amount_minor ?? null;
  const rules: repo.WagerRules = {
    blockedUntil: block ? (block.ends_at ?? new Date('9999-12-31T00:00:00Z')) : null,
    loss: { day: amount('loss', 'day'), week: amount('loss', 'week'), month: amount('loss', 'month') },
    wager: { day: amount('wager', 'day'), week: amount('wager', 'week'), month: amount('wager', 'month') },
    sessionLimitMinutes: (() => {
      const minutes = amount('session', 'session');
      return minutes === null ? null : Number(minutes);
    })(),
  };
  const anything =
    rules.blockedUntil !== null ||
    rules.sessionLimitMinutes !== null ||
    Object.values(rules.loss).some((value) => value !== null) ||
    Object.values(rules.wager).some((value) => value !== null) ||
    (profile?.reality_check_minutes ?? null) !== null;
  await repo.saveWagerState(trx, memberId, merchantId, anything ? rules : null, now);
}

/** Parses a limit amount in the merchant's currency (the contract already checked its shape). */
export function limitMinor(merchant: MerchantConfig, amount: string): bigint {
  const minor = parseMinor(amount, merchant.currency.decimals);
  if (minor === null || minor <= 0n) {
    throw new AppError('validation_failed', 'Invalid input: amount', {
      fields: [
        { field: 'amount', code: 'invalid', message: `at most ${merchant.currency.decimals} decimals` },
      ],
    });
  }
  return minor;
}

/** The session time limit as the page and the operators' view show it (from its `session` row, if any). */
export function presentSessionLimit(rows: repo.LimitRow[]) {
  const session = rows.find((row) => row.kind === 'session');
  const minutes = (value: bigint | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  return {
    minutes: minutes(session?.amount_minor),
    pendingMinutes: minutes(session?.pending_amount_minor),
    pendingRemoval: session?.pending_removal ?? false,
    effectiveAt: session?.effective_at?.toISOString() ?? null,
  };
}

/** The money limits as the page shows them, with what was used in the current period. */
export function presentLimits(
  merchant: MerchantConfig,
  rows: repo.LimitRow[],
  used: (kind: RgLimitKind, period: RgPeriod) => bigint,
): RgLimit[] {
  const decimals = merchant.currency.decimals;
  const money = (value: bigint | null) => (value === null ? null : formatMinor(value, decimals));
  const limits: RgLimit[] = [];
  for (const kind of ['deposit', 'loss', 'wager'] as const) {
    for (const period of rgPeriods) {
      const row = rows.find((candidate) => candidate.kind === kind && candidate.period === period);
      if (!row) continue;
      limits.push({
        kind,
        period,
        amount: money(row.amount_minor),
        pendingAmount: money(row.pending_amount_minor),
        pendingRemoval: row.pending_removal,
        effectiveAt: row.effective_at?.toISOString() ?? null,
        used: formatMinor(used(kind, period), decimals),
      });
    }
  }
  return limits;
}
