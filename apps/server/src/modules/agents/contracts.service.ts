import type { Kysely, Transaction } from 'kysely';
import {
  contractFlagKinds,
  contractKinds,
  formatMinor,
  type AgentContract,
  type ConsolidatedContractFlags,
  type ContractKind,
  type ContractPolicy,
  type ContractPreview,
  type PayoutPage,
  type PayoutRecord,
} from '@portal/contracts';
import type { z } from 'zod';
import type {
  contractDecisionPayload,
  contractListQuery,
  contractOfferPayload,
  dividendRecordQuery,
  salaryRecordQuery,
} from '@portal/contracts';
import { DateTime } from 'luxon';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { zoneOfGmtOffset } from '../../lib/periods';
import { maskAccountNumber } from '../payments';
import { resolveAgentPeriod } from './agent-period';
import type { AgentContext } from './agents.service';
import { requireAgent } from './agents.service';
import { bpToRate, maxRateOf, parseTiers, rateToBp } from './contract-rules';
import * as repo from './contracts.repo';
import { periodOfKind, type Policy } from './settlement.service';

/**
 * Agent contracts (decision 0029): offers, requests, acceptance, rejection and termination between an
 * upline and a direct downline agent, the rate rule (a downline's rate never above its upline's own) with
 * the downline contracts it ends listed before the agent confirms, and the salary and dividend records.
 * Every change of a merchant's contracts of one kind runs under one advisory lock with a database-clock
 * time read after it, so changes and settlements never interleave.
 */

const agentTypes = [2, 41, 42];

/**
 * Locks the merchant's contracts of the kind and answers the time the change is dated at: the database
 * clock read after the lock, or the context's clock where a test simulates days.
 */
async function lockAndDate(context: AgentContext, trx: Transaction<DB>, kind: ContractKind): Promise<Date> {
  const at = await repo.lockContracts(trx, context.merchant.id, kind);
  return context.clock ? new Date(context.clock.now()) : at;
}

const nowOf = (context: AgentContext) => (context.clock ? new Date(context.clock.now()) : new Date());

/** The policy of a kind as stored, with the defaults of a kind never configured (off). */
function policyOf(
  rows: Awaited<ReturnType<typeof repo.selectPolicies>>,
  merchantId: number,
  kind: ContractKind,
): Policy & { enabled: boolean } {
  const row = rows.find((candidate) => candidate.kind === kind);
  return {
    merchant_id: merchantId,
    kind,
    enabled: row?.enabled ?? false,
    enabled_at: row?.enabled_at ?? null,
    max_rate_bp: row?.max_rate_bp ?? 0,
    dividend_period: row?.dividend_period ?? 'month',
    deduct_bonuses: row?.deduct_bonuses ?? true,
    admin_fee_bp: row?.admin_fee_bp ?? 0,
  };
}

async function policiesOf(db: Kysely<DB> | Transaction<DB>, merchantId: number) {
  const rows = await repo.selectPolicies(db, merchantId);
  return Object.fromEntries(contractKinds.map((kind) => [kind, policyOf(rows, merchantId, kind)])) as Record<
    ContractKind,
    Policy & { enabled: boolean }
  >;
}

/**
 * A kind is on when the merchant's white-label flags allow it (the agent policy, and the salary or
 * contract-dividends module: spec sections 2 and 6) and the operator's contract policy switched it on.
 */
function kindOn(context: AgentContext, policy: { enabled: boolean; kind: ContractKind }) {
  const modules = context.merchant.modules;
  const module = policy.kind === 'dividend' ? modules.contractDividends : modules.salary;
  return modules.agentPolicy && module && policy.enabled;
}

function requireKindOn(context: AgentContext, policy: { enabled: boolean; kind: ContractKind }) {
  if (!kindOn(context, policy)) {
    throw new AppError('contract_kind_off', `Contracts of kind ${policy.kind} are not offered here`);
  }
}

const periodOfPolicy = (policy: Policy): AgentContract['period'] =>
  policy.kind === 'realtimeSalary'
    ? 'window'
    : policy.kind === 'hourlySalary'
      ? 'hour'
      : policy.kind === 'dailySalary'
        ? 'day'
        : policy.dividend_period;

/** The agent's own rate of a kind now: a top agent's is the merchant's; others' their live contract's. */
async function ownRateBp(
  db: Kysely<DB> | Transaction<DB>,
  merchantId: number,
  agent: { id: number; type: number },
  policy: Policy,
  at: Date,
): Promise<number | null> {
  if (agent.type === 1) return policy.max_rate_bp > 0 ? policy.max_rate_bp : null;
  const live = await repo.selectLiveContract(db, agent.id, policy.kind, at);
  return live ? live.max_rate_bp : null;
}

function present(row: repo.ContractRow, callerId: number, decimals: number): AgentContract {
  return {
    id: row.id,
    kind: row.kind,
    period: row.period,
    state: row.state,
    tiers: row.tiers.map((tier) => ({
      minValidBet: formatMinor(BigInt(tier.minValidBetMinor), decimals),
      minActiveMembers: tier.minActiveMembers,
      rate: bpToRate(tier.rateBp),
    })),
    maxRate: bpToRate(row.max_rate_bp),
    upline: { id: row.upline_id, account: row.upline_account, nickname: row.upline_nickname },
    downline: { id: row.downline_id, account: row.downline_account, nickname: row.downline_nickname },
    proposedBy: row.proposed_by,
    myRole: row.upline_id === callerId ? 'upline' : 'downline',
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
    endsAt: row.ends_at?.toISOString() ?? null,
    endReason: row.end_reason,
  };
}

const sameIds = (left: readonly number[], right: readonly number[]) =>
  left.length === right.length &&
  [...left].sort((a, b) => a - b).every((id, index) => id === [...right].sort((a, b) => a - b)[index]);

/** Refuses unless the caller listed exactly the contracts that end (none listed when none end). */
function requireConsent(ending: { id: number }[], confirmEnding: readonly number[]) {
  const ids = ending.map((row) => row.id);
  if (!sameIds(ids, confirmEnding)) {
    throw new AppError('contracts_would_end', 'Confirm the downline contracts that end', { ending: ids });
  }
}

type OfferPayload = z.infer<typeof contractOfferPayload>;

interface OfferPlan {
  uplineId: number;
  downlineId: number;
  proposedBy: 'upline' | 'downline';
  policy: Policy & { enabled: boolean };
  tiers: ReturnType<typeof parseTiers>;
  maxRateBp: number;
  uplineRateBp: number;
  ending: { id: number; direct: boolean }[];
}

/** Checks an offer or request and works out what it would end; nothing is written. */
async function planOffer(
  context: AgentContext,
  db: Kysely<DB> | Transaction<DB>,
  payload: OfferPayload,
  at: Date,
): Promise<OfferPlan> {
  const callerId = requireAgent(context);
  const merchantId = context.merchant.id;
  const policy = (await policiesOf(db, merchantId))[payload.kind];
  requireKindOn(context, policy);
  if (payload.counterpartId === callerId)
    throw new AppError('contract_self', 'A contract is with another agent');
  const caller = await repo.selectMember(db, merchantId, callerId);
  const counterpart = await repo.selectMember(db, merchantId, payload.counterpartId);
  if (!caller || !counterpart) throw new AppError('not_found', 'No such account in your team');
  let upline: { id: number; type: number };
  let downline: { id: number; type: number };
  let proposedBy: 'upline' | 'downline';
  if (counterpart.parent_agent_id === callerId) {
    [upline, downline, proposedBy] = [caller, counterpart, 'upline'];
  } else if (caller.parent_agent_id === counterpart.id) {
    [upline, downline, proposedBy] = [counterpart, caller, 'downline'];
  } else if (await repo.isInTeam(db, callerId, counterpart.id)) {
    throw new AppError('contract_not_direct', 'Contracts are only with a direct downline or the upline');
  } else {
    // Another team's account, a trial account (never in a team) or none: not found alike.
    throw new AppError('not_found', 'No such account in your team');
  }
  if (!agentTypes.includes(downline.type)) {
    throw new AppError(
      'contract_counterpart_not_agent',
      'Contracts are between agents; this account is a member',
    );
  }
  const tiers = parseTiers(payload.tiers, context.merchant.currency.decimals);
  const maxRateBp = maxRateOf(tiers);
  const uplineRateBp = await ownRateBp(db, merchantId, upline, policy, at);
  if (uplineRateBp === null) {
    throw new AppError('no_own_rate', 'The upline has no rate of this kind to share');
  }
  if (maxRateBp > uplineRateBp) {
    throw new AppError(
      'rate_above_upline',
      `No tier may exceed the upline's own rate of ${bpToRate(uplineRateBp)} %`,
      {
        uplineRate: bpToRate(uplineRateBp),
      },
    );
  }
  const ending = await repo.selectEnding(db, downline.id, payload.kind, maxRateBp, at);
  return {
    uplineId: upline.id,
    downlineId: downline.id,
    proposedBy,
    policy,
    tiers,
    maxRateBp,
    uplineRateBp,
    ending,
  };
}

async function previewOf(
  context: AgentContext,
  db: Kysely<DB> | Transaction<DB>,
  uplineRateBp: number,
  endingIds: number[],
  effectiveAt: Date | null,
): Promise<ContractPreview> {
  const rows = await repo.selectContracts(db, endingIds);
  return {
    uplineRate: bpToRate(uplineRateBp),
    ending: rows.map((row) => present(row, context.session.memberId, context.merchant.currency.decimals)),
    effectiveAt: effectiveAt?.toISOString() ?? null,
  };
}

/** `POST /wps/agent/contracts/preview`: the upline's rate and what accepting the offer would end. */
export async function previewOffer(context: AgentContext, payload: OfferPayload): Promise<ContractPreview> {
  const plan = await planOffer(context, context.db, payload, nowOf(context));
  return previewOf(
    context,
    context.db,
    plan.uplineRateBp,
    plan.ending.map((row) => row.id),
    null,
  );
}

/**
 * `POST /wps/agent/contracts`: an upline's offer to a direct downline agent, or a downline's request to its
 * upline. A downline requesting a rate below what it gives its own downlines confirms the contracts that
 * end (they end when the upline accepts); an upline's offer is confirmed by the downline on acceptance.
 */
export async function offer(context: AgentContext, payload: OfferPayload): Promise<AgentContract> {
  const id = await context.db.transaction().execute(async (trx) => {
    const at = await lockAndDate(context, trx, payload.kind);
    const plan = await planOffer(context, trx, payload, at);
    if (plan.proposedBy === 'downline') requireConsent(plan.ending, payload.confirmEnding);
    const contractId = await repo.insertContract(trx, {
      merchantId: context.merchant.id,
      kind: payload.kind,
      uplineId: plan.uplineId,
      downlineId: plan.downlineId,
      period: periodOfPolicy(plan.policy),
      tiers: plan.tiers,
      maxRateBp: plan.maxRateBp,
      proposedBy: plan.proposedBy,
      at,
    });
    if (contractId === undefined) {
      throw new AppError(
        'contract_pending_exists',
        'A request of this kind is already waiting for an answer',
      );
    }
    await repo.insertEvents(trx, [
      {
        contractId,
        actorId: context.session.memberId,
        action: plan.proposedBy === 'upline' ? 'offered' : 'requested',
        detail: { confirmEnding: payload.confirmEnding },
        at,
      },
    ]);
    return contractId;
  });
  return contractFor(context, id);
}

async function contractFor(context: AgentContext, id: number): Promise<AgentContract> {
  const row = await repo.selectContract(context.db, context.merchant.id, id);
  if (!row) throw new AppError('contract_not_found', 'No such contract');
  return present(row, context.session.memberId, context.merchant.currency.decimals);
}

/** The contract if the caller is one of its parties; contract_not_found otherwise. */
async function partyContract(context: AgentContext, db: Kysely<DB> | Transaction<DB>, id: number) {
  const callerId = requireAgent(context);
  const row = await repo.selectContract(db, context.merchant.id, id);
  if (!row || (row.upline_id !== callerId && row.downline_id !== callerId)) {
    throw new AppError('contract_not_found', 'No such contract');
  }
  return { row, role: row.upline_id === callerId ? ('upline' as const) : ('downline' as const) };
}

interface AcceptPlan {
  row: repo.ContractRow;
  policy: Policy & { enabled: boolean };
  uplineRateBp: number;
  ending: { id: number; direct: boolean }[];
}

async function planAccept(
  context: AgentContext,
  db: Kysely<DB> | Transaction<DB>,
  id: number,
  at: Date,
): Promise<AcceptPlan> {
  const { row, role } = await partyContract(context, db, id);
  if (row.state !== 'requested')
    throw new AppError('contract_not_pending', 'This contract is not waiting for an answer');
  if (row.proposed_by === role) throw new AppError('contract_own_offer', 'The other side accepts an offer');
  const policy = (await policiesOf(db, context.merchant.id))[row.kind];
  requireKindOn(context, policy);
  const upline = await repo.selectMember(db, context.merchant.id, row.upline_id);
  const uplineRateBp = upline ? await ownRateBp(db, context.merchant.id, upline, policy, at) : null;
  if (uplineRateBp === null)
    throw new AppError('no_own_rate', 'The upline has no rate of this kind to share');
  if (row.max_rate_bp > uplineRateBp) {
    throw new AppError(
      'rate_above_upline',
      `No tier may exceed the upline's own rate of ${bpToRate(uplineRateBp)} %`,
      {
        uplineRate: bpToRate(uplineRateBp),
      },
    );
  }
  const ending = await repo.selectEnding(db, row.downline_id, row.kind, row.max_rate_bp, at);
  return { row, policy, uplineRateBp, ending };
}

interface TerminatePlan {
  row: repo.ContractRow;
  role: 'upline' | 'downline';
  effectiveAt: Date;
  ending: { id: number; direct: boolean }[];
}

async function planTerminate(
  context: AgentContext,
  db: Kysely<DB> | Transaction<DB>,
  id: number,
  at: Date,
): Promise<TerminatePlan> {
  const { row, role } = await partyContract(context, db, id);
  if (row.state !== 'accepted') throw new AppError('contract_ended', 'This contract is not in force');
  const policy = (await policiesOf(db, context.merchant.id))[row.kind];
  const effectiveAt = periodOfKind(policy, settlementMerchantOf(context), at.getTime()).end;
  // The downline keeps no rate of this kind: every contract it gives of the kind ends with this one.
  const ending = await repo.selectEnding(db, row.downline_id, row.kind, null, at);
  return { row, role, effectiveAt, ending };
}

const settlementMerchantOf = (context: AgentContext) => ({
  id: context.merchant.id,
  currency: context.merchant.currency.code,
  gmtOffsetMinutes: context.merchant.gmtOffsetMinutes,
});

/** `GET /wps/agent/contracts/:id/preview`: what accepting or terminating would end, and when. */
export async function previewDecision(
  context: AgentContext,
  id: number,
  action: 'accept' | 'terminate',
): Promise<ContractPreview> {
  const at = nowOf(context);
  if (action === 'accept') {
    const plan = await planAccept(context, context.db, id, at);
    return previewOf(
      context,
      context.db,
      plan.uplineRateBp,
      plan.ending.map((row) => row.id),
      null,
    );
  }
  const plan = await planTerminate(context, context.db, id, at);
  const policy = (await policiesOf(context.db, context.merchant.id))[plan.row.kind];
  const upline = await repo.selectMember(context.db, context.merchant.id, plan.row.upline_id);
  const uplineRateBp =
    (upline ? await ownRateBp(context.db, context.merchant.id, upline, policy, at) : null) ?? 0;
  return previewOf(
    context,
    context.db,
    uplineRateBp,
    plan.ending.map((row) => row.id),
    plan.effectiveAt,
  );
}

type Decision = z.infer<typeof contractDecisionPayload>;

/**
 * `POST /wps/agent/contracts/:id/accept`: the contract starts paying for the running period; the
 * downline's previous contract of the kind finishes, and the contracts it gives above the new rate end
 * now, if the downline agreed (by listing them, or when it requested the contract).
 */
export async function accept(context: AgentContext, id: number, decision: Decision): Promise<AgentContract> {
  await context.db.transaction().execute(async (trx) => {
    const kind = (await partyContract(context, trx, id)).row.kind;
    const at = await lockAndDate(context, trx, kind);
    const plan = await planAccept(context, trx, id, at);
    const callerIsDownline = plan.row.downline_id === context.session.memberId;
    if (callerIsDownline) {
      requireConsent(plan.ending, decision.confirmEnding);
    } else {
      const consented = new Set(await repo.selectConsentedEnding(trx, id));
      if (plan.ending.some((row) => !consented.has(row.id))) {
        throw new AppError(
          'contracts_would_end',
          'The downline must agree to end its contracts; it can request again',
          {
            ending: plan.ending.map((row) => row.id),
          },
        );
      }
    }
    const previous = await repo.selectLiveContract(trx, plan.row.downline_id, kind, at);
    const direct = plan.ending.filter((row) => row.direct).map((row) => row.id);
    const deeper = plan.ending.filter((row) => !row.direct).map((row) => row.id);
    await repo.endContracts(trx, direct, at, 'rate_rule', 'terminated');
    await repo.endContracts(trx, deeper, at, 'upline_ended', 'terminated');
    if (previous) await repo.endContracts(trx, [previous.id], at, 'replaced', 'finished');
    await repo.setState(trx, id, { state: 'accepted', decided_at: at });
    const actorId = context.session.memberId;
    await repo.insertEvents(trx, [
      { contractId: id, actorId, action: 'accepted', at },
      ...(previous
        ? [{ contractId: previous.id, actorId, action: 'finished', detail: { replacedBy: id }, at }]
        : []),
      ...direct.map((contractId) => ({
        contractId,
        actorId,
        action: 'ended_by_rate_rule',
        detail: { by: id },
        at,
      })),
      ...deeper.map((contractId) => ({
        contractId,
        actorId,
        action: 'ended_with_upline',
        detail: { by: id },
        at,
      })),
    ]);
  });
  return contractFor(context, id);
}

/** `POST /wps/agent/contracts/:id/reject`: the other side rejects; the proposer withdraws. */
export async function reject(context: AgentContext, id: number): Promise<AgentContract> {
  await context.db.transaction().execute(async (trx) => {
    const kind = (await partyContract(context, trx, id)).row.kind;
    const at = await lockAndDate(context, trx, kind);
    const { row, role } = await partyContract(context, trx, id);
    if (row.state !== 'requested')
      throw new AppError('contract_not_pending', 'This contract is not waiting for an answer');
    await repo.setState(trx, id, { state: 'rejected', decided_at: at });
    await repo.insertEvents(trx, [
      {
        contractId: id,
        actorId: context.session.memberId,
        action: row.proposed_by === role ? 'withdrawn' : 'rejected',
        at,
      },
    ]);
  });
  return contractFor(context, id);
}

/**
 * `POST /wps/agent/contracts/:id/terminate`: either side; the contract pays its running period and ends
 * with it, and so does every contract of the kind in the downline's team (listed and confirmed).
 */
export async function terminate(
  context: AgentContext,
  id: number,
  decision: Decision,
): Promise<AgentContract> {
  await context.db.transaction().execute(async (trx) => {
    const kind = (await partyContract(context, trx, id)).row.kind;
    const at = await lockAndDate(context, trx, kind);
    const plan = await planTerminate(context, trx, id, at);
    requireConsent(plan.ending, decision.confirmEnding);
    const reason = plan.role === 'upline' ? 'terminated_by_upline' : 'terminated_by_downline';
    await repo.endContracts(trx, [id], plan.effectiveAt, reason, 'terminated');
    const ids = plan.ending.map((row) => row.id);
    await repo.endContracts(trx, ids, plan.effectiveAt, 'upline_ended', 'terminated');
    const actorId = context.session.memberId;
    await repo.insertEvents(trx, [
      { contractId: id, actorId, action: 'terminated', detail: { effectiveAt: plan.effectiveAt }, at },
      ...ids.map((contractId) => ({
        contractId,
        actorId,
        action: 'ended_with_upline',
        detail: { by: id },
        at,
      })),
    ]);
  });
  return contractFor(context, id);
}

/** `GET /wps/agent/contracts`. */
export async function listContracts(context: AgentContext, query: z.infer<typeof contractListQuery>) {
  const memberId = requireAgent(context);
  const { rows, total } = await repo.selectContractPage(
    context.db,
    {
      merchantId: context.merchant.id,
      side: query.side,
      memberId,
      kind: query.kind,
      state: query.state,
      awaitingMe: query.awaitingMe,
      downlineId: query.downlineId,
    },
    (query.page - 1) * query.pageSize,
    query.pageSize,
  );
  return {
    items: rows.map((row) => present(row, memberId, context.merchant.currency.decimals)),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** `GET /wps/agent/contracts/consolidated`: the four flags (all off without the agent policy). */
export async function contractFlags(context: AgentContext): Promise<ConsolidatedContractFlags> {
  const memberId = requireAgent(context);
  const policies = await policiesOf(context.db, context.merchant.id);
  const pending = new Map(
    (await repo.selectPendingCounts(context.db, context.merchant.id, memberId)).map((row) => [
      row.kind,
      Number(row.count),
    ]),
  );
  const agent = { id: memberId, type: context.session.memberType };
  const at = nowOf(context);
  const entries = await Promise.all(
    Object.entries(contractFlagKinds).map(async ([flag, kind]) => {
      const policy = policies[kind];
      const enabled = kindOn(context, policy);
      const rateBp = enabled ? await ownRateBp(context.db, context.merchant.id, agent, policy, at) : null;
      return [
        flag,
        {
          enabled,
          pending: enabled ? (pending.get(kind) ?? 0) : 0,
          inForce: rateBp !== null,
          rate: bpToRate(rateBp ?? 0),
          period: periodOfPolicy(policy),
        },
      ] as const;
    }),
  );
  return Object.fromEntries(entries) as ConsolidatedContractFlags;
}

const salaryKindOf = { daily: 'dailySalary', hourly: 'hourlySalary', realtime: 'realtimeSalary' } as const;

/** The caller's payout records of a kind over merchant days, with totals and its bank account. */
export async function payoutRecords(
  context: AgentContext,
  query: z.infer<typeof salaryRecordQuery> | z.infer<typeof dividendRecordQuery>,
): Promise<PayoutPage> {
  const memberId = requireAgent(context);
  const kind = 'kind' in query ? salaryKindOf[query.kind] : 'dividend';
  const period = resolveAgentPeriod(query, context.merchant.gmtOffsetMinutes);
  const zone = zoneOfGmtOffset(context.merchant.gmtOffsetMinutes);
  const from = DateTime.fromISO(period.fromDay, { zone }).toJSDate();
  const to = DateTime.fromISO(period.toDay, { zone }).plus({ days: 1 }).toJSDate();
  const base = context.db
    .selectFrom('agent_payouts')
    .where('agent_id', '=', memberId)
    .where('kind', '=', kind)
    .where('period_start', '>=', from)
    .where('period_start', '<', to);
  const rows = await base
    .selectAll()
    .orderBy('period_start', 'desc')
    .offset((query.page - 1) * query.pageSize)
    .limit(query.pageSize)
    .execute();
  const totals = await base
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.coalesce(eb.fn.sum<string>('valid_bet_minor'), eb.val('0')).as('valid_bet'),
      eb.fn.coalesce(eb.fn.sum<string>('figure_minor'), eb.val('0')).as('figure'),
      eb.fn.coalesce(eb.fn.sum<string>('amount_minor'), eb.val('0')).as('amount'),
    ])
    .executeTakeFirstOrThrow();
  const bank = await context.db
    .selectFrom('bank_accounts')
    .select(['account_number', 'holder_name'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const decimals = context.merchant.currency.decimals;
  const money = (minor: bigint | string) => formatMinor(BigInt(minor), decimals);
  return {
    items: rows.map((row): PayoutRecord => ({
      id: Number(row.id),
      kind: row.kind,
      periodKey: row.period_key,
      periodStart: row.period_start.toISOString(),
      periodEnd: row.period_end.toISOString(),
      contractId: row.contract_id,
      activeMembers: row.active_members,
      validBet: money(row.valid_bet_minor),
      profitLoss: money(row.profit_minor),
      deductions: money(row.deductions_minor),
      figure: money(row.figure_minor),
      adjustment: money(row.adjustment_minor),
      tier: row.tier,
      rate: bpToRate(row.rate_bp),
      teamAmount: money(row.team_amount_minor),
      downlineAmount: money(row.downline_amount_minor),
      amount: money(row.amount_minor),
      status: row.status,
      paidAt:
        row.paid_at?.toISOString() ??
        (row.pay_on
          ? DateTime.fromISO(row.pay_on.toISOString().slice(0, 10), { zone }).toJSDate().toISOString()
          : null),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(totals.count),
    from: period.fromDay,
    to: period.toDay,
    totals: { validBet: money(totals.valid_bet), figure: money(totals.figure), amount: money(totals.amount) },
    bankAccount: bank
      ? { accountNumber: maskAccountNumber(bank.account_number), holderName: bank.holder_name }
      : null,
  };
}

/** `GET /ops/agents/contract-policy`. */
export async function readPolicy(db: Kysely<DB>, merchantId: number): Promise<ContractPolicy> {
  const policies = await policiesOf(db, merchantId);
  const kindPolicy = (kind: ContractKind) => ({
    enabled: policies[kind].enabled,
    maxRate: bpToRate(policies[kind].max_rate_bp),
  });
  return {
    dailySalary: kindPolicy('dailySalary'),
    hourlySalary: kindPolicy('hourlySalary'),
    realtimeSalary: kindPolicy('realtimeSalary'),
    dividend: {
      ...kindPolicy('dividend'),
      period: policies.dividend.dividend_period,
      deductBonuses: policies.dividend.deduct_bonuses,
      adminFeeRate: bpToRate(policies.dividend.admin_fee_bp),
    },
  };
}

/**
 * `PUT /ops/agents/contract-policy`: switching a kind on starts its settlement with the running period;
 * the dividend period changes only while no dividend contract is live (periods of one team must agree).
 */
export async function writePolicy(
  db: Kysely<DB>,
  merchantId: number,
  policy: ContractPolicy,
): Promise<ContractPolicy> {
  await db.transaction().execute(async (trx) => {
    for (const kind of contractKinds) {
      const at = await repo.lockContracts(trx, merchantId, kind);
      const current = (await policiesOf(trx, merchantId))[kind];
      const wanted = policy[kind];
      const dividend = kind === 'dividend' ? policy.dividend : undefined;
      if (dividend && dividend.period !== current.dividend_period) {
        const live = await trx
          .selectFrom('agent_contracts as c')
          .select('c.id')
          .where('c.merchant_id', '=', merchantId)
          .where('c.kind', '=', 'dividend')
          .where((eb) =>
            eb.or([
              eb('c.state', '=', 'accepted'),
              eb('c.state', '=', 'requested'),
              eb.and([eb('c.state', '=', 'terminated'), eb('c.ends_at', '>', at)]),
            ]),
          )
          .limit(1)
          .executeTakeFirst();
        if (live)
          throw new AppError(
            'contracts_live',
            'The dividend period changes only while no dividend contract is live',
          );
      }
      const values = {
        enabled: wanted.enabled,
        max_rate_bp: rateToBp(wanted.maxRate),
        enabled_at: wanted.enabled ? (current.enabled ? current.enabled_at : at) : null,
        updated_at: at,
        ...(dividend
          ? {
              dividend_period: dividend.period,
              deduct_bonuses: dividend.deductBonuses,
              admin_fee_bp: rateToBp(dividend.adminFeeRate),
            }
          : {}),
      };
      await trx
        .insertInto('agent_contract_policies')
        .values({ merchant_id: merchantId, kind, ...values })
        .onConflict((conflict) => conflict.columns(['merchant_id', 'kind']).doUpdateSet(values))
        .execute();
    }
  });
  return readPolicy(db, merchantId);
}
