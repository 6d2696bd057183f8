import type { Kysely, Transaction } from 'kysely';
import { DateTime } from 'luxon';
import type { ContractKindColumn, DB } from '../../db/schema';
import { dayFormat } from '../../lib/calendar-date';
import { periodOf, zoneOfGmtOffset, type Period } from '../../lib/periods';
import { playerAccount, systemAccount, transferMany } from '../wallet';
import { differentialPay, fullRateBp, tierReached, type PayNode } from './contract-rules';
import { activityWords } from './agent-period';
import { lockContracts } from './contracts.repo';
import * as repo from './settlement.repo';
import { realtimeWindowMs } from './realtime-window';

/**
 * Settlement of salaries and dividends (decision 0029, docs/agents.md). A period of a kind is settled
 * once its end has passed and the rollups hold every transfer recorded before it; all of it in one
 * transaction: the settlement row (unique per merchant, kind and period, so a second run or instance
 * finds it taken), one payout record per agent with its inputs, and a ledger transfer per amount paid,
 * keyed by contract, kind and period. A crash rolls all of it back; the next run settles it again from the
 * same rollups.
 */

/** A kind's contract policy as settlement reads it. */
export interface Policy {
  merchant_id: number;
  kind: ContractKindColumn;
  /** When the kind was switched on (null: off). */
  enabled_at: Date | null;
  max_rate_bp: number;
  dividend_period: 'day' | 'week' | 'half-month' | 'month';
  deduct_bonuses: boolean;
  admin_fee_bp: number;
}

export interface SettlementMerchant {
  id: number;
  currency: string;
  gmtOffsetMinutes: number;
}

/** The ledger kind of a payout. */
export const payoutTransferKind = (kind: ContractKindColumn) =>
  kind === 'dividend' ? 'agent_dividend' : 'agent_salary';

const windowMs = realtimeWindowMs;

/** A settlement period: its first instant, the next period's first, and its key (e.g. `day:2026-11-24@UTC+7`). */
export type SettlementPeriod = Pick<Period, 'start' | 'end' | 'key'>;

/** The real-time salary's window holding an instant (windows of the epoch, so of every offset). */
export function windowOf(instant: number): SettlementPeriod {
  const start = Math.floor(instant / windowMs) * windowMs;
  const iso = new Date(start).toISOString().slice(0, 16);
  return { start: new Date(start), end: new Date(start + windowMs), key: `window:${iso}Z` };
}

/** The settlement period of a kind holding an instant, in the merchant's calendar. */
export function periodOfKind(
  policy: Policy,
  merchant: SettlementMerchant,
  instant: number,
): SettlementPeriod {
  const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
  switch (policy.kind) {
    case 'realtimeSalary':
      return windowOf(instant);
    case 'hourlySalary':
      return periodOf('hour', instant, zone);
    case 'dailySalary':
      return periodOf('day', instant, zone);
    case 'dividend':
      return periodOf(policy.dividend_period, instant, zone);
  }
}

const epochDay = DateTime.fromISO('2000-01-01', { zone: 'UTC' });

/** A merchant day's text and its number of days since 2000-01-01. */
function merchantDay(instant: Date, zone: string) {
  const text = DateTime.fromJSDate(instant, { zone }).toFormat(dayFormat);
  return { text, number: Math.round(DateTime.fromISO(text, { zone: 'UTC' }).diff(epochDay, 'days').days) };
}

/**
 * Paydays of the daily salary (decision 0029): every other merchant day, those whose number of days since
 * 2000-01-01 is even. Day D's salary is paid on the first payday after D: D + 1 or D + 2.
 */
export function paydayAfter(dayText: string): string {
  const day = DateTime.fromISO(dayText, { zone: 'UTC' });
  const next = day.plus({ days: 1 });
  const nextNumber = Math.round(next.diff(epochDay, 'days').days);
  return (nextNumber % 2 === 0 ? next : next.plus({ days: 1 })).toFormat(dayFormat);
}

export interface PeriodFigures {
  activeMembers: number;
  validBetMinor: bigint;
  profitMinor: bigint;
  deductionsMinor: bigint;
  /** What the rate applies to. */
  figureMinor: bigint;
}

/** Valid bet for a salary; for a dividend, the team's net loss less the policy's deductions. */
export function figuresOf(policy: Policy, team: repo.TeamFigure): PeriodFigures {
  if (policy.kind !== 'dividend') {
    return {
      activeMembers: team.activeMembers,
      validBetMinor: team.validBetMinor,
      profitMinor: team.profitMinor,
      deductionsMinor: 0n,
      figureMinor: team.validBetMinor,
    };
  }
  const netLoss = -team.profitMinor;
  const bonuses = policy.deduct_bonuses ? team.bonusMinor : 0n;
  const adminFee = netLoss > 0n ? (netLoss * BigInt(policy.admin_fee_bp)) / BigInt(fullRateBp) : 0n;
  return {
    activeMembers: team.activeMembers,
    validBetMinor: team.validBetMinor,
    profitMinor: team.profitMinor,
    deductionsMinor: bonuses + adminFee,
    figureMinor: netLoss - bonuses - adminFee,
  };
}

async function teamFigures(
  db: Kysely<DB> | Transaction<DB>,
  policy: Policy,
  merchant: SettlementMerchant,
  period: SettlementPeriod,
  agentIds: number[],
): Promise<Map<number, PeriodFigures>> {
  let rows: repo.TeamFigure[];
  if (policy.kind === 'realtimeSalary' || policy.kind === 'hourlySalary') {
    rows = await repo.selectWindowFigures(db, merchant.id, agentIds, period.start, period.end);
  } else {
    const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
    const first = merchantDay(period.start, zone);
    const last = merchantDay(new Date(period.end.getTime() - 1), zone);
    const words = activityWords({
      fromDay: first.text,
      toDay: last.text,
      fromDayNumber: first.number,
      toDayNumber: last.number,
    });
    rows = await repo.selectDayFigures(db, agentIds, first.text, last.text, words);
  }
  return new Map(rows.map((row) => [row.agentId, figuresOf(policy, row)]));
}

export interface SettleResult {
  periodKey: string;
  agents: number;
  paidMinor: bigint;
}

/**
 * Settles one period of one kind; null when it was settled already. The caller has checked that the
 * period has ended and the rollups have caught up with its end.
 */
export async function settlePeriod(
  db: Kysely<DB>,
  merchant: SettlementMerchant,
  policy: Policy,
  period: SettlementPeriod,
): Promise<SettleResult | null> {
  const kind = policy.kind;
  return db.transaction().execute(async (trx) => {
    // Contract changes of this kind wait, and are dated after the settlement once it commits.
    await lockContracts(trx, merchant.id, kind);
    const claimed = await repo.insertSettlement(trx, {
      merchantId: merchant.id,
      kind,
      key: period.key,
      start: period.start,
      end: period.end,
    });
    if (!claimed) return null;
    const participants = await repo.selectParticipants(
      trx,
      merchant.id,
      kind,
      policy.max_rate_bp,
      period.end,
    );
    const ids = participants.map((participant) => participant.agentId);
    const figures = await teamFigures(trx, policy, merchant, period, ids);

    // A change to the previous period's figure since it was settled (an account's bets found late) is
    // carried into this one, visibly, for the agents that were paid for that period too.
    const previous = periodOfKind(policy, merchant, period.start.getTime() - 1);
    const adjustments = new Map<number, bigint>();
    if (await repo.settlementExists(trx, merchant.id, kind, previous.key)) {
      const paidBefore = new Set(
        (await repo.selectParticipants(trx, merchant.id, kind, policy.max_rate_bp, previous.end)).map(
          (participant) => participant.agentId,
        ),
      );
      const carriedIds = ids.filter((id) => paidBefore.has(id));
      const now = await teamFigures(trx, policy, merchant, previous, carriedIds);
      const recorded = new Map(
        (await repo.selectRecordedFigures(trx, kind, previous.key, carriedIds)).map((row) => [
          row.agent_id,
          row,
        ]),
      );
      for (const id of carriedIds) {
        // No record: the period was quiet for the agent, its figure 0.
        const record = recorded.get(id);
        const before = record ? record.figure_minor + record.carried_minor : 0n;
        const change = (now.get(id)?.figureMinor ?? 0n) - before;
        if (change === 0n) continue;
        adjustments.set(id, change);
        if (record) await repo.addCarried(trx, record.id, change);
      }
    }

    const empty: PeriodFigures = {
      activeMembers: 0,
      validBetMinor: 0n,
      profitMinor: 0n,
      deductionsMinor: 0n,
      figureMinor: 0n,
    };
    const nodes: (PayNode & { tier: number | null; inputs: PeriodFigures; adjustment: bigint })[] =
      participants.map((participant) => {
        const inputs = figures.get(participant.agentId) ?? empty;
        const adjustment = adjustments.get(participant.agentId) ?? 0n;
        const tierBase = kind === 'dividend' ? inputs.validBetMinor : inputs.validBetMinor + adjustment;
        const tier = tierReached(participant.tiers, tierBase, inputs.activeMembers);
        return {
          agentId: participant.agentId,
          uplineId: participant.uplineId,
          rateBp: tier?.rateBp ?? 0,
          figureMinor: inputs.figureMinor + adjustment,
          tier: tier ? tier.index + 1 : null,
          inputs,
          adjustment,
        };
      });
    const shares = differentialPay(nodes);

    const zone = zoneOfGmtOffset(merchant.gmtOffsetMinutes);
    const payOn = kind === 'dailySalary' ? paydayAfter(merchantDay(period.start, zone).text) : null;
    let paidMinor = 0n;
    const contractOf = new Map(
      participants.map((participant) => [participant.agentId, participant.contractId]),
    );
    const rows = [];
    for (const node of nodes) {
      const share = shares.get(node.agentId) ?? {
        rateBp: 0,
        teamMinor: 0n,
        downlineMinor: 0n,
        amountMinor: 0n,
      };
      // Nothing happened in the agent's team: no record (its figure is 0, as a later adjustment assumes).
      const quiet =
        node.inputs.activeMembers === 0 &&
        node.inputs.validBetMinor === 0n &&
        node.inputs.profitMinor === 0n &&
        node.inputs.deductionsMinor === 0n &&
        node.inputs.figureMinor === 0n &&
        node.adjustment === 0n &&
        share.amountMinor === 0n;
      if (quiet) continue;
      const status: 'paid' | 'scheduled' | 'nothing_due' =
        share.amountMinor === 0n ? 'nothing_due' : payOn ? 'scheduled' : 'paid';
      if (status === 'paid') paidMinor += share.amountMinor;
      rows.push({
        merchant_id: merchant.id,
        agent_id: node.agentId,
        kind,
        period_key: period.key,
        period_start: period.start,
        period_end: period.end,
        contract_id: contractOf.get(node.agentId) ?? null,
        active_members: node.inputs.activeMembers,
        valid_bet_minor: node.inputs.validBetMinor,
        profit_minor: node.inputs.profitMinor,
        deductions_minor: node.inputs.deductionsMinor,
        figure_minor: node.inputs.figureMinor,
        adjustment_minor: node.adjustment,
        tier: node.tier,
        rate_bp: share.rateBp,
        team_amount_minor: share.teamMinor,
        downline_amount_minor: share.downlineMinor,
        amount_minor: share.amountMinor,
        status,
        pay_on: payOn ? new Date(`${payOn}T00:00:00Z`) : null,
        transfer_id: null as bigint | null,
        paid_at: status === 'paid' ? new Date() : null,
      });
    }
    // Every amount due now moves in one batch of keyed transfers.
    const paying = rows.filter((row) => row.status === 'paid');
    const transfers = await transferMany(
      trx,
      paying.map((row) =>
        payoutTransfer(merchant, kind, row.contract_id, row.agent_id, period.key, row.amount_minor),
      ),
    );
    paying.forEach((row, index) => {
      row.transfer_id = transfers[index]!.transferId;
    });
    const recordCount = rows.length;
    for (let index = 0; index < rows.length; index += 1_000) {
      await trx
        .insertInto('agent_payouts')
        .values(rows.slice(index, index + 1_000))
        .execute();
    }
    const scheduledMinor = rows.reduce((sum, row) => sum + row.amount_minor, 0n);
    await repo.finishSettlement(trx, merchant.id, kind, period.key, recordCount, scheduledMinor);
    return { periodKey: period.key, agents: recordCount, paidMinor };
  });
}

/** The ledger transfer of a payout: from the merchant's agent-commission account to the agent's wallet. */
function payoutTransfer(
  merchant: SettlementMerchant,
  kind: ContractKindColumn,
  contractId: number | null,
  agentId: number,
  periodKey: string,
  amountMinor: bigint,
) {
  return {
    debit: systemAccount(merchant.id, merchant.currency, 'agent_commission', agentId),
    credit: playerAccount(merchant.id, merchant.currency, agentId),
    amountMinor,
    kind: payoutTransferKind(kind),
    idempotencyKey: `agent-pay:${kind}:${contractId ?? 'top'}:${agentId}:${periodKey}`,
  };
}

/**
 * Pays the scheduled daily salaries whose payday has come: up to `limit` in one transaction, their keyed
 * transfers in one batch, each record marked paid only if still scheduled (a second runner pays none).
 */
export async function payDueSalaries(
  db: Kysely<DB>,
  merchant: SettlementMerchant,
  now: number,
  limit = 5_000,
): Promise<number> {
  const today = merchantDay(new Date(now), zoneOfGmtOffset(merchant.gmtOffsetMinutes)).text;
  return db.transaction().execute(async (trx) => {
    await lockContracts(trx, merchant.id, 'dailySalary');
    const due = await repo.selectDuePayouts(trx, merchant.id, today, limit);
    const transfers = await transferMany(
      trx,
      due.map((payout) =>
        payoutTransfer(
          merchant,
          payout.kind,
          payout.contract_id,
          payout.agent_id,
          payout.period_key,
          payout.amount_minor,
        ),
      ),
    );
    await repo.markPaid(
      trx,
      due.map((payout, index) => ({ id: payout.id, transferId: transfers[index]!.transferId })),
    );
    return due.length;
  });
}

export interface SettleOptions {
  /** Periods settled per kind and call at most (the job calls again on its next tick). */
  maxPeriods?: number;
}

/**
 * Settles every period that has ended (by `now`) and that the rollups cover, for every merchant and kind
 * that is on, oldest first, then pays the daily salaries whose payday has come. A kind settles from the
 * period holding the moment it was switched on.
 */
export async function settleDue(db: Kysely<DB>, now: number, options: SettleOptions = {}) {
  const maxPeriods = options.maxPeriods ?? 100;
  const caughtUpAt = await repo.selectCaughtUpAt(db);
  const policies = await repo.selectEnabledPolicies(db);
  const results: SettleResult[] = [];
  const merchants = new Map<number, SettlementMerchant>();
  for (const policy of policies) {
    if (!policy.enabled_at) continue;
    const merchant = merchants.get(policy.merchant_id) ?? (await loadMerchant(db, policy.merchant_id));
    merchants.set(merchant.id, merchant);
    const limit = Math.min(now, caughtUpAt?.getTime() ?? 0);
    const last = await repo.selectLastSettlement(db, merchant.id, policy.kind);
    const since = policy.enabled_at.getTime();
    let next = periodOfKind(policy, merchant, Math.max(since, last ? last.period_end.getTime() : since));
    for (let count = 0; count < maxPeriods && next.end.getTime() <= limit; count += 1) {
      const result = await settlePeriod(db, merchant, policy, next);
      if (result) results.push(result);
      next = periodOfKind(policy, merchant, next.end.getTime());
    }
  }
  // Scheduled salaries are paid even when the kind was switched off since: they are owed.
  const owing = await db
    .selectFrom('agent_payouts')
    .select('merchant_id')
    .distinct()
    .where('status', '=', 'scheduled')
    .execute();
  for (const { merchant_id: merchantId } of owing) {
    const merchant = merchants.get(merchantId) ?? (await loadMerchant(db, merchantId));
    await payDueSalaries(db, merchant, now);
  }
  return results;
}

async function loadMerchant(db: Kysely<DB>, merchantId: number): Promise<SettlementMerchant> {
  const row = await db
    .selectFrom('merchants')
    .select(['id', 'currency_code', 'gmt_offset_minutes'])
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return { id: row.id, currency: row.currency_code, gmtOffsetMinutes: row.gmt_offset_minutes };
}
