import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { ContractKindColumn, DB, StoredTier } from '../../db/schema';

/**
 * The settlement's reference (docs/agents.md, written from the formula, not from the code): from the raw
 * ledger, the hierarchy and the contract history of one merchant, what every settled period must have
 * paid whom, compared with the payout records; plus the invariants that hold whatever the formula says:
 * each top team paid at most its rate on its figure, no (agent, kind, period) paid twice, every paid
 * record backed by exactly one keyed transfer.
 */

interface Move {
  id: bigint;
  at: number;
  kind: 'bet' | 'win' | 'rollback' | 'bonus';
  memberId: number;
  amount: bigint;
}

interface Contract {
  id: number;
  kind: ContractKindColumn;
  uplineId: number;
  downlineId: number;
  tiers: StoredTier[];
  state: string;
  decidedAt: number | null;
  endsAt: number | null;
}

export interface ReferencePolicy {
  kind: ContractKindColumn;
  maxRateBp: number;
  deductBonuses: boolean;
  adminFeeBp: number;
}

interface Figure {
  active: number;
  validBet: bigint;
  profit: bigint;
  deductions: bigint;
  figure: bigint;
}

/** The state a reference keeps between checks: the ledger's last transfer id when each period was settled. */
export class SettlementReference {
  private readonly settledAt = new Map<string, bigint>();
  private readonly checked = new Set<string>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly merchantId: number,
    private readonly policies: Record<ContractKindColumn, ReferencePolicy>,
  ) {}

  /** Checks every period settled since the last call; answers how many it checked. */
  async check(): Promise<number> {
    const db = this.db;
    const lastTransfer = BigInt(
      (
        await db
          .selectFrom('ledger_transfers')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
    const settlements = await db
      .selectFrom('agent_settlements')
      .select(['kind', 'period_key', 'period_start', 'period_end', 'agents'])
      .where('merchant_id', '=', this.merchantId)
      .orderBy('period_end')
      .execute();
    for (const row of settlements) {
      const key = `${row.kind}|${row.period_key}`;
      if (!this.settledAt.has(key)) this.settledAt.set(key, lastTransfer);
    }
    const members = await db
      .selectFrom('members')
      .select(['id', 'type', 'parent_agent_id'])
      .where('merchant_id', '=', this.merchantId)
      .execute();
    const parentOf = new Map(members.map((member) => [member.id, member.parent_agent_id]));
    const moves = await this.moves();
    const contracts = await this.contracts();
    const payouts = await db
      .selectFrom('agent_payouts')
      .selectAll()
      .where('merchant_id', '=', this.merchantId)
      .execute();
    const tops = members.filter((member) => member.type === 1).map((member) => member.id);

    /** Whether `agentId` is the account or above it. */
    const inTeam = (agentId: number, memberId: number) => {
      for (let id: number | null | undefined = memberId; id; id = parentOf.get(id))
        if (id === agentId) return true;
      return false;
    };

    let count = 0;
    for (const row of settlements) {
      const key = `${row.kind}|${row.period_key}`;
      if (this.checked.has(key)) continue;
      this.checked.add(key);
      count += 1;
      const kind = row.kind as ContractKindColumn;
      const policy = this.policies[kind];
      const start = row.period_start.getTime();
      const end = row.period_end.getTime();
      const upTo = this.settledAt.get(key)!;

      const figureOf = (agentId: number, from: number, to: number, maxId: bigint): Figure => {
        let validBet = 0n;
        let profit = 0n;
        let bonus = 0n;
        const active = new Set<number>();
        for (const move of moves) {
          if (move.id > maxId || move.at < from || move.at >= to || !inTeam(agentId, move.memberId)) continue;
          if (move.kind === 'bet') {
            validBet += move.amount;
            profit -= move.amount;
            active.add(move.memberId);
          } else if (move.kind === 'rollback') {
            validBet -= move.amount;
            profit += move.amount;
          } else if (move.kind === 'win') {
            profit += move.amount;
          } else {
            bonus += move.amount;
          }
        }
        // The 5-minute rollups carry bets, wins and rollbacks only; the day rollups bonuses too.
        if (policy.kind !== 'dividend')
          return { active: active.size, validBet, profit, deductions: 0n, figure: validBet };
        const loss = -profit;
        const bonuses = policy.deductBonuses ? bonus : 0n;
        const fee = loss > 0n ? (loss * BigInt(policy.adminFeeBp)) / 10_000n : 0n;
        return {
          active: active.size,
          validBet,
          profit,
          deductions: bonuses + fee,
          figure: loss - bonuses - fee,
        };
      };

      // Who is paid: the top agents at the merchant's rate, and every contract in force at the end.
      const paid = (at: number) =>
        new Map<number, { uplineId: number | null; contractId: number | null; tiers: StoredTier[] }>([
          ...tops.map((id): [number, { uplineId: null; contractId: null; tiers: StoredTier[] }] => [
            id,
            {
              uplineId: null,
              contractId: null,
              tiers: [{ minValidBetMinor: '0', minActiveMembers: 0, rateBp: policy.maxRateBp }],
            },
          ]),
          ...contracts
            .filter(
              (contract) =>
                contract.kind === row.kind &&
                ['accepted', 'terminated', 'finished'].includes(contract.state) &&
                contract.decidedAt !== null &&
                contract.decidedAt < at &&
                (contract.endsAt === null || contract.endsAt >= at),
            )
            .map((contract): [number, { uplineId: number; contractId: number; tiers: StoredTier[] }] => [
              contract.downlineId,
              { uplineId: contract.uplineId, contractId: contract.id, tiers: contract.tiers },
            ]),
        ]);
      const now = paid(end);

      // The previous period's change since it was settled, for the agents paid for both.
      const previousKey = settlements.find(
        (other) => other.kind === row.kind && other.period_end.getTime() === start,
      );
      const adjustment = new Map<number, bigint>();
      if (previousKey) {
        const before = paid(start);
        const previousUpTo = this.settledAt.get(`${row.kind}|${previousKey.period_key}`)!;
        for (const agentId of now.keys()) {
          if (!before.has(agentId)) continue;
          const change =
            figureOf(agentId, previousKey.period_start.getTime(), start, upTo).figure -
            figureOf(agentId, previousKey.period_start.getTime(), start, previousUpTo).figure;
          if (change !== 0n) adjustment.set(agentId, change);
        }
      }

      // Tier and rate of each, then the differential top-down (docs/agents.md).
      const expected = new Map<
        number,
        {
          figure: Figure;
          adjustment: bigint;
          tier: number | null;
          rate: number;
          team: bigint;
          downline: bigint;
          contractId: number | null;
        }
      >();
      const figures = new Map([...now.keys()].map((id) => [id, figureOf(id, start, end, upTo)]));
      const tierOf = (agentId: number) => {
        const { tiers } = now.get(agentId)!;
        const figure = figures.get(agentId)!;
        const base =
          policy.kind === 'dividend' ? figure.validBet : figure.validBet + (adjustment.get(agentId) ?? 0n);
        // The highest tier whose thresholds are both met (the reference scans them all, on purpose).
        let reached: number | null = null;
        for (const [index, tier] of tiers.entries()) {
          if (base >= BigInt(tier.minValidBetMinor) && figure.active >= tier.minActiveMembers)
            reached = index;
        }
        return reached;
      };
      const pay = (agentId: number, cap: number | null, team: bigint) => {
        const tier = tierOf(agentId);
        const own = tier === null ? 0 : now.get(agentId)!.tiers[tier]!.rateBp;
        const rate = cap === null ? own : Math.min(own, cap);
        const children = [...now.entries()]
          .filter(([, entry]) => entry.uplineId === agentId)
          .map(([id]) => id);
        const claims = children.map((child) => {
          const childTier = tierOf(child);
          const childRate = Math.min(childTier === null ? 0 : now.get(child)!.tiers[childTier]!.rateBp, rate);
          const base = figures.get(child)!.figure + (adjustment.get(child) ?? 0n);
          return { child, claim: base > 0n ? (base * BigInt(childRate)) / 10_000n : 0n };
        });
        const claimed = claims.reduce((sum, entry) => sum + entry.claim, 0n);
        let downline = 0n;
        for (const { child, claim } of claims) {
          const share = claimed <= team ? claim : (claim * team) / claimed;
          downline += share;
          pay(child, rate, share);
        }
        expected.set(agentId, {
          figure: figures.get(agentId)!,
          adjustment: adjustment.get(agentId) ?? 0n,
          tier: tier === null ? null : tier + 1,
          rate,
          team,
          downline,
          contractId: now.get(agentId)!.contractId,
        });
      };
      for (const top of tops) {
        const base = figures.get(top)!.figure + (adjustment.get(top) ?? 0n);
        const team = base > 0n ? (base * BigInt(policy.maxRateBp)) / 10_000n : 0n;
        pay(top, null, team);
        // The bound: the top team is paid exactly its rate on its figure, never more.
        const teamPaid = payouts
          .filter(
            (payout) =>
              payout.kind === row.kind &&
              payout.period_key === row.period_key &&
              inTeam(top, payout.agent_id),
          )
          .reduce((sum, payout) => sum + payout.amount_minor, 0n);
        // On a mismatch the message carries the period's moves and 5-minute rollup rows, as below.
        const teamMessage =
          teamPaid === team
            ? `${key}: top team ${top}`
            : `${key}: top team ${top} ${await this.explain(key, start, end, upTo, moves)}`;
        expect(teamPaid, teamMessage).toBe(team);
        expect(teamPaid * 10_000n).toBeLessThanOrEqual(BigInt(policy.maxRateBp) * (base > 0n ? base : 0n));
      }

      const records = payouts.filter(
        (payout) => payout.kind === row.kind && payout.period_key === row.period_key,
      );
      const expectedRecords = [...expected.entries()]
        .map(([agentId, entry]) => ({
          agentId,
          contractId: entry.contractId,
          active: entry.figure.active,
          validBet: entry.figure.validBet,
          profit: entry.figure.profit,
          deductions: entry.figure.deductions,
          figure: entry.figure.figure,
          adjustment: entry.adjustment,
          tier: entry.tier,
          rate: entry.rate,
          team: entry.team,
          downline: entry.downline,
          amount: entry.team - entry.downline,
        }))
        // Agents whose team had nothing in the period get no record.
        .filter(
          (entry) =>
            entry.active !== 0 ||
            entry.validBet !== 0n ||
            entry.profit !== 0n ||
            entry.deductions !== 0n ||
            entry.figure !== 0n ||
            entry.adjustment !== 0n ||
            entry.amount !== 0n,
        )
        .sort((a, b) => a.agentId - b.agentId);
      const actualRecords = records
        .map((record) => ({
          agentId: record.agent_id,
          contractId: record.contract_id,
          active: record.active_members,
          validBet: record.valid_bet_minor,
          profit: record.profit_minor,
          deductions: record.deductions_minor,
          figure: record.figure_minor,
          adjustment: record.adjustment_minor,
          tier: record.tier,
          rate: record.rate_bp,
          team: record.team_amount_minor,
          downline: record.downline_amount_minor,
          amount: record.amount_minor,
        }))
        .sort((a, b) => a.agentId - b.agentId);
      const explain = () => this.explain(key, start, end, upTo, moves);
      expect(actualRecords, await explainIfDifferent(actualRecords, expectedRecords, explain)).toEqual(
        expectedRecords,
      );
      for (const record of records) {
        const status =
          record.amount_minor === 0n
            ? 'nothing_due'
            : row.kind === 'dailySalary'
              ? ['scheduled', 'paid']
              : 'paid';
        expect(Array.isArray(status) ? status : [status], `${key} status`).toContain(record.status);
        expect(record.transfer_id !== null, `${key} transfer`).toBe(record.status === 'paid');
      }
    }
    await this.checkTransfers();
    return count;
  }

  /** Every paid record has its one keyed transfer of its amount to the agent; no other payout transfer exists. */
  private async checkTransfers() {
    const rows = await this.db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select(['t.id', 't.idempotency_key', 't.amount_minor', 'c.member_id'])
      .where('t.merchant_id', '=', this.merchantId)
      .where('t.kind', 'in', ['agent_salary', 'agent_dividend'])
      .execute();
    const paid = await this.db
      .selectFrom('agent_payouts')
      .select(['transfer_id', 'amount_minor', 'agent_id', 'kind', 'period_key', 'contract_id'])
      .where('merchant_id', '=', this.merchantId)
      .where('status', '=', 'paid')
      .execute();
    expect(rows.length).toBe(paid.length);
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    for (const record of paid) {
      const row = byId.get(String(record.transfer_id));
      expect(row).toBeDefined();
      expect(row!.amount_minor).toBe(record.amount_minor);
      expect(row!.member_id).toBe(record.agent_id);
      expect(row!.idempotency_key).toBe(
        `agent-pay:${record.kind}:${record.contract_id ?? 'top'}:${record.agent_id}:${record.period_key}`,
      );
    }
  }

  /**
   * What a failed comparison needs to be understood: the period's moves as the reference counts them
   * (and those it left out as recorded after the settlement) and the 5-minute rollup rows of the period.
   */
  private async explain(key: string, start: number, end: number, upTo: bigint, moves: Move[]) {
    const inPeriod = moves.filter((move) => move.at >= start && move.at < end);
    const windows = await this.db
      .selectFrom('member_windows')
      .select(['member_id', 'window_start', 'bet_count', 'valid_bet_minor', 'profit_minor'])
      .where('merchant_id', '=', this.merchantId)
      .where('window_start', '>=', new Date(start))
      .where('window_start', '<', new Date(end))
      .execute();
    return JSON.stringify({ key, upTo: String(upTo), moves: inPeriod, windows }, (_name, value: unknown) =>
      typeof value === 'bigint' ? String(value) : value,
    );
  }

  private async moves(): Promise<Move[]> {
    const rows = await this.db
      .selectFrom('ledger_transfers as t')
      .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
      .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
      .select([
        't.id',
        't.created_at',
        't.kind',
        't.amount_minor',
        'd.member_id as debit_member',
        'c.member_id as credit_member',
      ])
      .where('t.merchant_id', '=', this.merchantId)
      .where('t.kind', 'in', ['bet', 'win', 'rollback', 'bonus'])
      .execute();
    return rows.map((row) => ({
      id: BigInt(row.id),
      at: row.created_at.getTime(),
      kind: row.kind as Move['kind'],
      memberId: (row.kind === 'bet' ? row.debit_member : row.credit_member)!,
      amount: BigInt(row.amount_minor),
    }));
  }

  private async contracts(): Promise<Contract[]> {
    const rows = await this.db
      .selectFrom('agent_contracts')
      .select(['id', 'kind', 'upline_id', 'downline_id', 'tiers', 'state', 'decided_at', 'ends_at'])
      .where('merchant_id', '=', this.merchantId)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      uplineId: row.upline_id,
      downlineId: row.downline_id,
      tiers: row.tiers,
      state: row.state,
      decidedAt: row.decided_at?.getTime() ?? null,
      endsAt: row.ends_at?.getTime() ?? null,
    }));
  }
}

/** The assertion message: the period's key, and when the records differ, the inputs behind them. */
async function explainIfDifferent(
  actual: unknown,
  expected: unknown,
  explain: () => Promise<string>,
): Promise<string> {
  const text = (value: unknown) =>
    JSON.stringify(value, (_name, inner: unknown) => (typeof inner === 'bigint' ? String(inner) : inner));
  return text(actual) === text(expected) ? 'records' : await explain();
}
