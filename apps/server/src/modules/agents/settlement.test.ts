import fc from 'fast-check';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractPolicy } from '@portal/contracts';
import type { ContractKindColumn } from '../../db/schema';
import { AppError } from '../../http/errors';
import { agentContractsJob } from '../../jobs/agent-contracts.job';
import { agentRollupsJob } from '../../jobs/agent-rollups.job';
import { ManualClock } from '../../jobs/clock';
import { JobRunner } from '../../jobs/job-runner';
import { buildMember, buildMerchant } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { killAfter } from '../../test/killed-child';
import type { AuthenticatedSession } from '../auth';
import type { MerchantConfig } from '../system';
import { playerAccount, systemAccount, transfer } from '../wallet';
import type { AgentContext } from './agents.service';
import * as contracts from './contracts.service';
import { rollUpLedger } from './rollup.service';
import { SettlementReference, type ReferencePolicy } from './settlement-reference';
import { settleDue } from './settlement.service';

/**
 * The settlement model test (decision 0029): random hierarchies up to six levels, random contracts, rate
 * changes and terminations, random bets, wins, rollbacks and bonuses over simulated days, the real jobs
 * driven by a manual clock. After every settlement each payout equals the reference's, each top team is
 * paid at most its rate on its figure, no (agent, kind, period) is paid twice, and the books balance. Run
 * with two settlement runners at once, and with a runner killed mid-settlement.
 */
let testApp: TestApp;
const db = () => testApp.database.db;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  testApp = await buildTestApp();
  // Simulated days: the test dates its transfers in the past (this database only).
  await sql`alter table ledger_transfers disable trigger ledger_transfers_append_only`.execute(db());
});
afterAll(async () => testApp.close());

const currency = 'USD';
const kinds: ContractKindColumn[] = ['dailySalary', 'hourlySalary', 'realtimeSalary', 'dividend'];
const topRates: Record<ContractKindColumn, number> = {
  dailySalary: 150,
  hourlySalary: 120,
  realtimeSalary: 100,
  dividend: 4_000,
};

interface World {
  merchant: MerchantConfig;
  clock: ManualClock;
  agents: { id: number; type: number; parentId: number | null }[];
  accounts: number[];
  reference: SettlementReference;
  sequence: number;
}

/** A merchant with every contract kind on since `start`, and a random team under one or two top agents. */
async function buildWorld(
  start: number,
  shape: { parent: number; subAgent: boolean }[],
  membersPer: number[],
): Promise<World> {
  const row = await buildMerchant(db(), {
    gmt_offset_minutes: 420,
    modules: { agentPolicy: true, salary: true, contractDividends: true },
  });
  const merchant = {
    id: row.id,
    code: row.code,
    modules: { agentPolicy: true, salary: true, contractDividends: true },
    currency: { code: currency, symbol: '$', decimals: 2 },
    gmtOffsetMinutes: 420,
  } as unknown as MerchantConfig;
  const policy: ContractPolicy = {
    dailySalary: { enabled: true, maxRate: '1.50' },
    hourlySalary: { enabled: true, maxRate: '1.20' },
    realtimeSalary: { enabled: true, maxRate: '1.00' },
    dividend: { enabled: true, maxRate: '40.00', period: 'day', deductBonuses: true, adminFeeRate: '5.00' },
  };
  await contracts.writePolicy(db(), merchant.id, policy);
  await db()
    .updateTable('agent_contract_policies')
    .set({ enabled_at: new Date(start) })
    .where('merchant_id', '=', merchant.id)
    .execute();
  const agents: World['agents'] = [];
  const depth = new Map<number, number>();
  for (let top = 0; top < 2; top += 1) {
    const { id } = await buildMember(db(), { merchantId: merchant.id, type: 1 });
    agents.push({ id, type: 1, parentId: null });
    depth.set(id, 0);
  }
  for (const { parent, subAgent } of shape) {
    const parents = agents.filter((agent) => agent.type !== 41 && depth.get(agent.id)! < 5);
    const up = parents[parent % parents.length]!;
    const type = subAgent ? 41 : 2;
    const { id } = await buildMember(db(), { merchantId: merchant.id, type, parentAgentId: up.id });
    agents.push({ id, type, parentId: up.id });
    depth.set(id, depth.get(up.id)! + 1);
  }
  const accounts = agents.map((agent) => agent.id);
  for (const [index, count] of membersPer.entries()) {
    const agent = agents[index % agents.length]!;
    for (let member = 0; member < count; member += 1) {
      accounts.push((await buildMember(db(), { merchantId: merchant.id, parentAgentId: agent.id })).id);
    }
  }
  const policies = Object.fromEntries(
    kinds.map((kind): [ContractKindColumn, ReferencePolicy] => [
      kind,
      { kind, maxRateBp: topRates[kind], deductBonuses: true, adminFeeBp: 500 },
    ]),
  ) as Record<ContractKindColumn, ReferencePolicy>;
  const world: World = {
    merchant,
    clock: new ManualClock(start),
    agents,
    accounts,
    reference: new SettlementReference(db(), merchant.id, policies),
    sequence: 0,
  };
  for (const account of accounts) await move(world, 'deposit', account, 1_000_000n);
  return world;
}

/** A ledger movement of the kind, dated `at` (default: the clock's now). */
async function move(
  world: World,
  kind: 'deposit' | 'bet' | 'win' | 'rollback' | 'bonus',
  memberId: number,
  amount: bigint,
  at?: number,
) {
  world.sequence += 1;
  const player = playerAccount(world.merchant.id, currency, memberId);
  const system = systemAccount(
    world.merchant.id,
    currency,
    kind === 'deposit' ? 'deposit_clearing' : kind === 'bonus' ? 'bonus' : 'house',
    memberId,
  );
  await db()
    .transaction()
    .execute(async (trx) => {
      try {
        const { transferId } = await transfer(trx, {
          debit: kind === 'bet' ? player : system,
          credit: kind === 'bet' ? system : player,
          amountMinor: amount,
          kind,
          idempotencyKey: `sim:${world.merchant.id}:${world.sequence}`,
        });
        await sql`update ledger_transfers set created_at = ${new Date(at ?? world.clock.now())} where id = ${transferId}`.execute(
          trx,
        );
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'insufficient_funds')) throw error;
      }
    });
}

function contextOf(world: World, memberId: number): AgentContext {
  const agent = world.agents.find((candidate) => candidate.id === memberId)!;
  return {
    db: db(),
    merchant: world.merchant,
    session: { memberId, memberType: agent.type, merchantId: world.merchant.id } as AuthenticatedSession,
    clock: world.clock,
  };
}

/** Runs a contract call; a refusal the rules allow (rates, pending, ended) changes nothing and is fine. */
async function attempt(work: () => Promise<unknown>) {
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.statusCode).toBeLessThan(500);
  }
}

type Op =
  | { t: 'bet' | 'win' | 'rollback' | 'bonus'; who: number; amount: number }
  | { t: 'late'; who: number; amount: number }
  | { t: 'offer'; agent: number; kind: number; rates: number[]; request: boolean }
  | { t: 'accept'; pick: number; consent: boolean }
  | { t: 'reject'; pick: number }
  | { t: 'terminate'; pick: number; byUpline: boolean }
  | { t: 'cut' | 'cascade'; pick: number }
  | { t: 'settle' };

const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      t: fc.constantFrom('bet' as const),
      who: fc.nat(),
      amount: fc.integer({ min: 1, max: 50_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constantFrom('win' as const, 'rollback' as const, 'bonus' as const),
      who: fc.nat(),
      amount: fc.integer({ min: 1, max: 40_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('late' as const),
      who: fc.nat(),
      amount: fc.integer({ min: 1, max: 20_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('offer' as const),
      agent: fc.nat(),
      kind: fc.nat({ max: 3 }),
      rates: fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 3 }),
      request: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ t: fc.constant('accept' as const), pick: fc.nat(), consent: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('reject' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constant('terminate' as const), pick: fc.nat(), byUpline: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ t: fc.constantFrom('cut' as const, 'cascade' as const), pick: fc.nat() }),
  },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('settle' as const) }) },
);

const rateText = (bp: number) => `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, '0')}`;

async function apply(world: World, op: Op) {
  const pickAgent = (index: number) => world.agents[index % world.agents.length]!;
  switch (op.t) {
    case 'bet':
    case 'win':
    case 'rollback':
    case 'bonus':
      return move(world, op.t, world.accounts[op.who % world.accounts.length]!, BigInt(op.amount));
    case 'late': {
      // A bet dated inside the last settled 5-minute window: found after its period closed.
      const last = await db()
        .selectFrom('agent_settlements')
        .select('period_start')
        .where('merchant_id', '=', world.merchant.id)
        .where('kind', '=', 'realtimeSalary')
        .orderBy('period_end', 'desc')
        .executeTakeFirst();
      if (!last) return;
      return move(
        world,
        'bet',
        world.accounts[op.who % world.accounts.length]!,
        BigInt(op.amount),
        last.period_start.getTime() + 60_000,
      );
    }
    case 'offer': {
      const agent = pickAgent(op.agent);
      if (agent.parentId === null) return;
      const upline = world.agents.find((candidate) => candidate.id === agent.parentId)!;
      const rates = [...op.rates].sort((a, b) => a - b);
      const kind = kinds[op.kind]!;
      const scale = kind === 'dividend' ? 8 : 0.02;
      const tiers = rates.map((rate, index) => ({
        minValidBet: String(index * 50),
        minActiveMembers: index,
        rate: rateText(Math.round(rate * scale)),
      }));
      const [from, to] = op.request ? [agent, upline] : [upline, agent];
      const context = contextOf(world, from.id);
      return attempt(async () => {
        const preview = op.request
          ? await contracts.previewOffer(context, { counterpartId: to.id, kind, tiers, confirmEnding: [] })
          : undefined;
        await contracts.offer(context, {
          counterpartId: to.id,
          kind,
          tiers,
          confirmEnding: preview?.ending.map((row) => row.id) ?? [],
        });
      });
    }
    case 'accept':
    case 'reject':
    case 'terminate': {
      const state = op.t === 'terminate' ? 'accepted' : 'requested';
      const rows = await db()
        .selectFrom('agent_contracts')
        .select(['id', 'upline_id', 'downline_id', 'proposed_by'])
        .where('merchant_id', '=', world.merchant.id)
        .where('state', '=', state)
        .orderBy('id')
        .execute();
      const row = rows[op.pick % Math.max(rows.length, 1)];
      if (!row) return;
      const actor =
        op.t === 'terminate'
          ? op.byUpline
            ? row.upline_id
            : row.downline_id
          : op.t === 'reject'
            ? row.upline_id
            : row.proposed_by === 'upline'
              ? row.downline_id
              : row.upline_id;
      const context = contextOf(world, actor);
      return attempt(async () => {
        if (op.t === 'reject') return contracts.reject(context, row.id);
        const preview = await contracts.previewDecision(context, row.id, op.t);
        const ending = preview.ending.map((contract) => contract.id);
        // A downline accepting an upline's offer must consent to what ends; an upline accepting a request
        // relies on the consent the downline gave when it requested (the service's accept), not on this.
        if (op.t === 'accept' && !op.consent && ending.length > 0 && row.proposed_by === 'upline') {
          // Without consent nothing changes.
          await expect(contracts.accept(context, row.id, { confirmEnding: [] })).rejects.toMatchObject({
            code: 'contracts_would_end',
          });
          return;
        }
        return op.t === 'accept'
          ? contracts.accept(context, row.id, { confirmEnding: ending })
          : contracts.terminate(context, row.id, { confirmEnding: ending });
      });
    }
    case 'cut':
    case 'cascade': {
      // An agent that gives a contract of the kind it holds: its rate is cut below what it gives, or its
      // contract terminated, and the contracts below end with its consent.
      const rows = await db()
        .selectFrom('agent_contracts as held')
        .innerJoin('agent_contracts as given', (join) =>
          join.onRef('given.upline_id', '=', 'held.downline_id').onRef('given.kind', '=', 'held.kind'),
        )
        .select(['held.id', 'held.kind', 'held.upline_id', 'held.downline_id', 'given.max_rate_bp'])
        .where('held.merchant_id', '=', world.merchant.id)
        .where('held.state', '=', 'accepted')
        .where('given.state', '=', 'accepted')
        .where('given.max_rate_bp', '>', 0)
        .orderBy('held.id')
        .execute();
      const row = rows[op.pick % Math.max(rows.length, 1)];
      if (!row) return;
      if (op.t === 'cascade') {
        const context = contextOf(world, row.upline_id);
        const preview = await contracts.previewDecision(context, row.id, 'terminate');
        expect(preview.ending.length).toBeGreaterThan(0);
        await contracts.terminate(context, row.id, {
          confirmEnding: preview.ending.map((contract) => contract.id),
        });
        return;
      }
      const offered = await contracts
        .offer(contextOf(world, row.upline_id), {
          counterpartId: row.downline_id,
          kind: row.kind,
          tiers: [{ minValidBet: '0', minActiveMembers: 0, rate: rateText(row.max_rate_bp - 1) }],
          confirmEnding: [],
        })
        .catch((error: unknown) => {
          // A request of the kind may be waiting already.
          if (error instanceof AppError && error.code === 'contract_pending_exists') return undefined;
          throw error;
        });
      if (!offered) return;
      const context = contextOf(world, row.downline_id);
      const preview = await contracts.previewDecision(context, offered.id, 'accept');
      expect(preview.ending.length).toBeGreaterThan(0);
      await contracts.accept(context, offered.id, {
        confirmEnding: preview.ending.map((contract) => contract.id),
      });
      return;
    }
    case 'settle':
      return settle(world);
  }
}

/** The real jobs, as the server runs them, at the clock's time: rollups, then settlement until caught up. */
async function settle(world: World, runners = 1) {
  const make = () =>
    new JobRunner({ db: db(), log, clock: world.clock })
      .register(agentRollupsJob(db()))
      .register(agentContractsJob(db()));
  const all = Array.from({ length: runners }, make);
  for (let round = 0; round < 50; round += 1) {
    await drainRollups(all[0]);
    const before = await settledCount(world);
    const outcomes = await Promise.all(all.map((runner) => runner.runNow('agent-contracts')));
    if (runners > 1) {
      // The second runner meets the job's lock; bypassing it, the settlement rows still pay once.
      await Promise.all([settleDue(db(), world.clock.now()), settleDue(db(), world.clock.now())]);
    }
    expect(outcomes).toContain('ran');
    if ((await settledCount(world)) === before) break;
  }
  await world.reference.check();
  await assertLedgerBalances(db());
}

/**
 * Runs the rollup job until it has read every transfer written so far. The simulated clock is months
 * behind the database's, so the job's own gate (settle a period once the rollups have caught up with its
 * end, in database time) always lets it through here: without this, a long transaction elsewhere in the
 * cluster (another test file) holds the rollup horizon back and a window settles before its transfers
 * are rolled up, a difference the reference rightly reports.
 */
async function drainRollups(runner?: JobRunner) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (runner) await runner.runNow('agent-rollups');
    else await rollUpLedger(db());
    const { rows } = await sql<{ behind: boolean }>`
      select exists (select 1 from ledger_transfers t, rollup_cursors c
        where c.name = 'ledger' and (t.xid, t.id) > (c.xid, c.transfer_id)) as behind`.execute(db());
    if (!rows[0]!.behind) return;
    if (Date.now() > deadline) throw new Error('the rollups did not catch up with the ledger in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function settledCount(world: World) {
  const row = await db()
    .selectFrom('agent_settlements')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('merchant_id', '=', world.merchant.id)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every period of every kind that ended by now is settled, once. */
async function expectAllSettled(world: World, start: number) {
  const now = world.clock.now();
  const rows = await db()
    .selectFrom('agent_settlements')
    .select(['kind', 'period_start', 'period_end'])
    .where('merchant_id', '=', world.merchant.id)
    .orderBy('period_end')
    .execute();
  for (const kind of kinds) {
    const periods = rows.filter((row) => row.kind === kind);
    expect(periods.length).toBeGreaterThan(0);
    expect(periods[0]!.period_start.getTime()).toBeLessThanOrEqual(start);
    for (let index = 1; index < periods.length; index += 1) {
      expect(periods[index]!.period_start.getTime()).toBe(periods[index - 1]!.period_end.getTime());
    }
    expect(now - periods.at(-1)!.period_end.getTime()).toBeLessThan(
      kind === 'realtimeSalary' ? 300_000 : 86_400_000,
    );
  }
}

/** Past the next merchant midnight and a payday: every kind has closed periods to settle. */
async function advancePastPayday(world: World, start: number) {
  const days = Math.ceil((world.clock.now() - start) / 86_400_000);
  await world.clock.advanceTo(start + (days + 2) * 86_400_000 + 60_000);
}

/**
 * Contracts down the tree from the start, accepted (uplines first), each a share of its upline's rate in
 * two tiers, so every level has payouts and downline shares to check.
 */
async function seedContracts(world: World, shares: number[]) {
  const rates = new Map<string, number>();
  let index = 0;
  for (const agent of world.agents) {
    for (const kind of kinds) {
      if (agent.parentId === null) {
        rates.set(`${agent.id}:${kind}`, topRates[kind]);
        continue;
      }
      const share = shares[index++ % shares.length]!;
      const uplineRate = rates.get(`${agent.parentId}:${kind}`);
      if (share < 40 || !uplineRate) continue;
      const rate = Math.floor((uplineRate * share) / 100);
      const low = Math.floor(rate / 2);
      const offered = await contracts.offer(contextOf(world, agent.parentId), {
        counterpartId: agent.id,
        kind,
        tiers: [
          { minValidBet: '0', minActiveMembers: 0, rate: rateText(low) },
          { minValidBet: '100', minActiveMembers: 1, rate: rateText(rate) },
        ],
        confirmEnding: [],
      });
      await contracts.accept(contextOf(world, agent.id), offered.id, { confirmEnding: [] });
      rates.set(`${agent.id}:${kind}`, rate);
    }
  }
}

/** Starts at a merchant midnight (UTC+7), some weeks back, apart for each run. */
let runStart = Date.UTC(2026, 0, 4, 17, 0, 0);
const nextStart = () => (runStart += 10 * 86_400_000);

type WorldInput = typeof worldShape extends fc.Arbitrary<infer T> ? T : never;

const worldShape = fc.record({
  shape: fc.array(fc.record({ parent: fc.nat(), subAgent: fc.boolean() }), { minLength: 3, maxLength: 9 }),
  membersPer: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 3, maxLength: 8 }),
  /** Per agent and kind, in order: the share of its upline's rate offered (below 40: no contract). */
  seedShares: fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 40, maxLength: 40 }),
  steps: fc.array(fc.record({ minutes: fc.integer({ min: 1, max: 150 }), op: opArbitrary }), {
    minLength: 20,
    maxLength: 45,
  }),
});

/**
 * A chain top -> A -> B -> C (and a second top with D), members at every level, contracts of every kind
 * down the chain; bets, wins, a rollback, a bonus and a late bet, then A ends its daily salary itself
 * (terminated_by_downline, and B's and C's below it: upline_ended) before runWorld's cascade
 * (terminated_by_upline) and cut (replaced, rate_rule).
 */
const chainWorld: WorldInput = {
  shape: [
    { parent: 0, subAgent: false },
    { parent: 2, subAgent: false },
    { parent: 3, subAgent: false },
    { parent: 1, subAgent: false },
  ],
  membersPer: [0, 0, 1, 1, 2, 1],
  seedShares: Array.from({ length: 40 }, () => 80),
  steps: [
    ...[6, 7, 8, 9, 10].map((who) => ({ minutes: 3, op: { t: 'bet' as const, who, amount: 20_000 } })),
    { minutes: 4, op: { t: 'win', who: 8, amount: 15_000 } },
    { minutes: 2, op: { t: 'rollback', who: 9, amount: 5_000 } },
    { minutes: 2, op: { t: 'bonus', who: 7, amount: 3_000 } },
    { minutes: 10, op: { t: 'settle' } },
    { minutes: 1, op: { t: 'late', who: 6, amount: 4_000 } },
    { minutes: 1, op: { t: 'terminate', pick: 0, byUpline: false } },
    ...[6, 7, 8, 9, 10].map((who) => ({ minutes: 7, op: { t: 'bet' as const, who, amount: 30_000 } })),
    { minutes: 70, op: { t: 'settle' } },
  ],
};

async function runWorld(input: WorldInput, runners: number) {
  const start = nextStart();
  const world = await buildWorld(start, input.shape, input.membersPer);
  await seedContracts(world, input.seedShares);
  for (const step of input.steps) {
    await world.clock.advance(step.minutes * 60_000);
    if (step.op.t === 'settle') await settle(world, runners);
    else await apply(world, step.op);
  }
  // An agent's rate cut below what it gives, and a contract terminated with the contracts below it.
  await apply(world, { t: 'cascade', pick: 0 });
  await apply(world, { t: 'cut', pick: 1 });
  await advancePastPayday(world, start);
  await settle(world, runners);
  await expectAllSettled(world, start);
  // Switched off, so later runs' settlements leave this merchant alone.
  await db()
    .updateTable('agent_contract_policies')
    .set({ enabled: false })
    .where('merchant_id', '=', world.merchant.id)
    .execute();
}

/** FC_SEED=<seed> replays a failed run's worlds (the seed fast-check printed). */
const replay = process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {};

describe('settlement against the reference', () => {
  it('pays every period as the formula says, once, within the top rate, with one runner', async () => {
    await fc.assert(
      fc.asyncProperty(worldShape, (input) => runWorld(input, 1)),
      { numRuns: 3, endOnFailure: true, ...replay },
    );
  }, 600_000);

  it('pays once with two runners settling at the same time', async () => {
    await fc.assert(
      fc.asyncProperty(worldShape, (input) => runWorld(input, 2)),
      { numRuns: 1, endOnFailure: true },
    );
  }, 600_000);

  it('pays once when a runner is killed mid-settlement', async () => {
    const [input] = fc.sample(worldShape, { numRuns: 1, seed: 2026 });
    const start = nextStart();
    const world = await buildWorld(start, input!.shape, input!.membersPer);
    await seedContracts(world, input!.seedShares);
    for (const step of input!.steps) {
      await world.clock.advance(step.minutes * 60_000);
      if (step.op.t !== 'settle') await apply(world, step.op);
    }
    await advancePastPayday(world, start);
    await drainRollups();
    const until = world.clock.now();
    // A runner in its own process settles one period per transaction until it is killed.
    await killAfter(
      'apps/server/src/test/settle-child.ts',
      [testApp.database.url, String(until)],
      'settled',
      40,
    );
    await settle(world);
    await expectAllSettled(world, start);
    await db()
      .updateTable('agent_contract_policies')
      .set({ enabled: false })
      .where('merchant_id', '=', world.merchant.id)
      .execute();
  }, 600_000);

  it('covered what it claims: payouts of every kind, downline shares, tiers, adjustments, ended contracts', async () => {
    // Random worlds may be too flat for every path; one fixed world of a chain three agents deep makes
    // sure each way a contract ends is settled and checked at least once.
    await runWorld(chainWorld, 1);
    const payouts = await db()
      .selectFrom('agent_payouts')
      .select(['kind', 'amount_minor', 'downline_amount_minor', 'adjustment_minor', 'tier', 'status'])
      .execute();
    for (const kind of kinds) {
      expect(
        payouts.filter((row) => row.kind === kind && row.amount_minor > 0n).length,
        kind,
      ).toBeGreaterThan(0);
    }
    expect(payouts.some((row) => row.downline_amount_minor > 0n)).toBe(true);
    expect(payouts.some((row) => row.adjustment_minor !== 0n)).toBe(true);
    expect(payouts.some((row) => (row.tier ?? 0) > 1)).toBe(true);
    expect(payouts.some((row) => row.status === 'paid' && row.kind === 'dailySalary')).toBe(true);
    const ended = await db()
      .selectFrom('agent_contracts')
      .select('end_reason')
      .where('end_reason', 'is not', null)
      .execute();
    expect(new Set(ended.map((row) => row.end_reason))).toEqual(
      new Set(['replaced', 'rate_rule', 'upline_ended', 'terminated_by_upline', 'terminated_by_downline']),
    );
  }, 600_000);
});
