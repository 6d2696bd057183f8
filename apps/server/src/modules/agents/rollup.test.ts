import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { apiClient } from '../../test/api-client';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { encryptFor } from '../../test/encrypt';
import { killAfter } from '../../test/killed-child';
import { signedHeaders } from '../seamless/signature';
import { openGameSession } from '../seamless/seamless.service';
import { hold, playerAccount, reverse, settleHold, systemAccount, transfer } from '../wallet/ledger.service';
import { assertRollupsMatch, expectedFigures, sumOf, zero } from './rollup-reference';
import { rollUpBatch } from './rollup.repo';
import { rollUpLedger } from './rollup.service';

/**
 * The rollups against the books (decision 0028): random deposits, bets, wins, rollbacks, withdrawals,
 * bonuses and reversals through the real ledger and seamless wallet, rolled up at random moments by one
 * or two runners at once; afterwards every figure of every account and every team equals a direct
 * computation from the ledger and the game rounds. Then a runner is killed mid-run (SIGKILL) and a
 * transaction that commits late is waited for: nothing is lost and nothing counted twice.
 */
let testApp: TestApp;
let merchantId: number;
const call = apiClient(() => testApp.app);
const secrets = new Map<string, string>();
/** Two seamless vendors with a game each, of different game types. */
let games: { vendorCode: string; gameCode: string; gameType: string }[] = [];

const db = () => testApp.database.db;

beforeAll(async () => {
  testApp = await buildTestApp();
  merchantId = (
    await db().selectFrom('merchants').select('id').where('code', '=', 'demo').executeTakeFirstOrThrow()
  ).id;
  for (const row of await db().selectFrom('vendors').select(['code', 'secret']).execute())
    secrets.set(row.code, row.secret);
  const rows = await db()
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .select(['g.vendor_code', 'g.game_code', 'g.game_type'])
    .where('v.wallet_mode', '=', 'seamless')
    .orderBy('g.vendor_code')
    .orderBy('g.game_code')
    .execute();
  const byType = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byType.has(row.game_type)) byType.set(row.game_type, row);
  games = [...byType.values()]
    .slice(0, 2)
    .map((row) => ({ vendorCode: row.vendor_code, gameCode: row.game_code, gameType: row.game_type }));
  expect(games).toHaveLength(2);
});
afterAll(async () => testApp.close());

interface Account {
  id: number;
  isAgent: boolean;
  sessions: Map<string, string>;
}

/** A small tree: top (1) > agent (2) > sub (41), members under each, and a stranger team. */
async function buildTree(): Promise<{ accounts: Account[]; agents: number[] }> {
  const make = async (type: number, parentAgentId: number | null) => {
    const { id } = await buildMember(db(), { type, parentAgentId });
    const sessions = new Map<string, string>();
    for (const game of games) {
      sessions.set(
        game.vendorCode,
        await openGameSession(db(), { merchantId, memberId: id, vendorCode: game.vendorCode }),
      );
    }
    return { id, isAgent: type !== 0, sessions };
  };
  const top = await make(1, null);
  const agent = await make(2, top.id);
  const sub = await make(41, agent.id);
  const stranger = await make(1, null);
  const members = [
    await make(0, top.id),
    await make(0, agent.id),
    await make(0, agent.id),
    await make(0, sub.id),
    await make(0, stranger.id),
  ];
  return {
    accounts: [top, agent, sub, stranger, ...members],
    agents: [top.id, agent.id, sub.id, stranger.id],
  };
}

async function seamless(path: 'bet' | 'win' | 'rollback', vendorCode: string, body: Record<string, unknown>) {
  const payload = JSON.stringify({ merchantCode: 'demo', currency: 'THB', ...body });
  const reply = await testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${path}`,
    payload,
    headers: signedHeaders(vendorCode, secrets.get(vendorCode)!, payload),
  });
  return reply.json<{ success: boolean; code?: string }>();
}

const operation = fc.record({
  kind: fc.constantFrom(
    'deposit',
    'bet',
    'bet',
    'bet',
    'withdrawal',
    'bonus',
    'reverseDeposit',
    'rollup',
    'rollupTwice',
  ),
  account: fc.nat(20),
  game: fc.nat(1),
  amount: fc.integer({ min: 1, max: 50_000 }),
  outcome: fc.constantFrom('win', 'lose', 'rollback', 'winTwice'),
  post: fc.boolean(),
});

let sequence = 0;

/** Applies one random operation through the real ledger or seamless wallet. */
async function apply(accounts: Account[], op: OperationValue, deposits: bigint[]) {
  const account = accounts[op.account % accounts.length]!;
  const amount = BigInt(op.amount);
  sequence += 1;
  const key = `rollup-test:${process.pid}:${sequence}`;
  switch (op.kind) {
    case 'deposit': {
      const result = await transfer(db(), {
        debit: systemAccount(merchantId, 'THB', 'deposit_clearing', account.id),
        credit: playerAccount(merchantId, 'THB', account.id),
        amountMinor: amount,
        kind: 'deposit',
        idempotencyKey: key,
      });
      deposits.push(result.transferId);
      return;
    }
    case 'reverseDeposit': {
      const transferId = deposits.shift();
      if (transferId === undefined) return;
      await reverse(db(), merchantId, transferId, `${key}:reverse`).catch(() => undefined);
      return;
    }
    case 'bonus':
      await transfer(db(), {
        debit: systemAccount(merchantId, 'THB', 'bonus', account.id),
        credit: playerAccount(merchantId, 'THB', account.id),
        amountMinor: amount,
        kind: 'bonus',
        idempotencyKey: key,
      });
      return;
    case 'withdrawal': {
      const held = await hold(db(), {
        debit: playerAccount(merchantId, 'THB', account.id),
        amountMinor: amount,
        kind: 'withdrawal_hold',
        idempotencyKey: key,
      }).catch(() => null); // insufficient funds: nothing happened
      if (!held) return;
      await settleHold(db(), {
        merchantId,
        holdTransferId: held.transferId,
        outcome: op.post ? 'post' : 'void',
        credit: systemAccount(merchantId, 'THB', 'withdrawal_clearing', account.id),
        kind: op.post ? 'withdrawal' : 'reversal',
        idempotencyKey: `${key}:settle`,
      });
      return;
    }
    case 'bet': {
      const game = games[op.game]!;
      const base = { playerId: String(account.id), gameCode: game.gameCode, roundId: key };
      const placed = await seamless('bet', game.vendorCode, {
        ...base,
        sessionToken: account.sessions.get(game.vendorCode),
        amount: formatted(amount),
        transactionId: `${key}:bet`,
      });
      if (!placed.success) return; // insufficient funds: refused and stored, no money moved
      if (op.outcome === 'rollback') {
        await seamless('rollback', game.vendorCode, {
          ...base,
          amount: formatted(amount),
          transactionId: `${key}:rollback`,
          betTransactionId: `${key}:bet`,
        });
      } else if (op.outcome !== 'lose') {
        const times = op.outcome === 'winTwice' ? 2 : 1;
        for (let index = 0; index < times; index += 1) {
          await seamless('win', game.vendorCode, {
            ...base,
            amount: formatted(amount + BigInt(index * 7)),
            transactionId: `${key}:win${index}`,
          });
        }
      }
      return;
    }
    case 'rollup':
      await rollUpLedger(db(), { batchSize: 7 });
      return;
    case 'rollupTwice':
      await Promise.all([rollUpLedger(db(), { batchSize: 5 }), rollUpLedger(db(), { batchSize: 11 })]);
      return;
  }
}
type OperationValue = typeof operation extends fc.Arbitrary<infer Value> ? Value : never;

const formatted = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;

describe('rollups', () => {
  it('equal a direct computation from the ledger and the game rounds, after random operations', async () => {
    const { accounts, agents } = await buildTree();
    const deposits: bigint[] = [];
    const ops = fc.sample(fc.array(operation, { minLength: 150, maxLength: 150 }), {
      numRuns: 1,
      seed: 28,
    })[0]!;
    for (const op of ops) await apply(accounts, op, deposits);
    await rollUpLedger(db());
    await assertRollupsMatch(
      db(),
      accounts.map((account) => account.id),
      agents,
    );
    await assertLedgerBalances(db());

    // The API's overview of the middle agent says the same as its team's rows.
    const key = (await call('GET', '/wps/system/publicKey')).body.value;
    const agent = await db()
      .selectFrom('members')
      .select(['username'])
      .where('id', '=', agents[1]!)
      .executeTakeFirstOrThrow();
    const login = await call('POST', '/wps/session/login', {
      body: encryptFor(key, {
        type: 'username',
        username: agent.username,
        password: 'Secret123',
        side: 'agent',
      }),
    });
    const overview = await call('GET', '/wps/agent/team/overview?preset=today', {
      token: login.body.value.token,
    });
    const team = (
      await db()
        .selectFrom('agent_tree')
        .select('descendant_id')
        .where('ancestor_id', '=', agents[1]!)
        .execute()
    ).map((row) => row.descendant_id);
    const expected = [...sumOf(await expectedFigures(db(), team), team).values()].reduce(
      (total, figures) => ({
        ...total,
        valid_bet_minor: total.valid_bet_minor + figures.valid_bet_minor,
        deposit_minor: total.deposit_minor + figures.deposit_minor,
      }),
      zero(),
    );
    expect(overview.body.value.figures.validBet).toBe(formatted(expected.valid_bet_minor));
    expect(overview.body.value.figures.deposits).toBe(formatted(expected.deposit_minor));
    const bettors = await db()
      .selectFrom('game_rounds')
      .select('member_id')
      .distinct()
      .where('member_id', 'in', team)
      .execute();
    expect(overview.body.value.activeMembers).toBe(bettors.length);
  });

  it('lose and double nothing when a runner is killed mid-run', async () => {
    const { accounts, agents } = await buildTree();
    const deposits: bigint[] = [];
    const ops = fc.sample(fc.array(operation, { minLength: 120, maxLength: 120 }), {
      numRuns: 1,
      seed: 29,
    })[0]!;
    for (const op of ops.filter((op) => !op.kind.startsWith('rollup'))) await apply(accounts, op, deposits);
    await killAfter('apps/server/src/test/rollup-child.ts', [testApp.database.url], 'batch', 5);
    await rollUpLedger(db());
    await assertRollupsMatch(
      db(),
      accounts.map((account) => account.id),
      agents,
    );
  });

  it('waits for a transaction that commits late instead of skipping it', async () => {
    const { accounts, agents } = await buildTree();
    const early = accounts[4]!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedInOpen = new Promise<void>((resolve) => (inserted = resolve));
    // A transaction takes its id and inserts a deposit, then stays open while later deposits commit.
    const slow = db()
      .transaction()
      .execute(async (trx) => {
        await transfer(trx, {
          debit: systemAccount(merchantId, 'THB', 'deposit_clearing', early.id),
          credit: playerAccount(merchantId, 'THB', early.id),
          amountMinor: 111n,
          kind: 'deposit',
          idempotencyKey: `late:${process.pid}`,
        });
        inserted();
        await released;
      });
    await insertedInOpen;
    for (const account of accounts.slice(5)) {
      await transfer(db(), {
        debit: systemAccount(merchantId, 'THB', 'deposit_clearing', account.id),
        credit: playerAccount(merchantId, 'THB', account.id),
        amountMinor: 222n,
        kind: 'deposit',
        idempotencyKey: `later:${process.pid}:${account.id}`,
      });
    }
    await rollUpLedger(db());
    release();
    await slow;
    await rollUpLedger(db());
    await assertRollupsMatch(
      db(),
      accounts.map((account) => account.id),
      agents,
    );
  });

  it('puts the cursor after the last transfer read when the batch crosses a power of ten in xid', async () => {
    const { accounts } = await buildTree();
    for (const account of accounts.slice(0, 12)) {
      await transfer(db(), {
        debit: systemAccount(merchantId, 'THB', 'deposit_clearing', account.id),
        credit: playerAccount(merchantId, 'THB', account.id),
        amountMinor: 5n,
        kind: 'deposit',
        idempotencyKey: `xid-order:${account.id}`,
      });
    }
    // In a transaction that is rolled back: every transfer's xid renumbered 6, 7, ... so the batch holds
    // both 9 and 10. Ordered as text, "10" sorts before "9" (the bug that read rows twice in CI).
    const rolledBack = new Error('rolled back on purpose');
    const outcome = await db()
      .transaction()
      .execute(async (trx) => {
        await sql`alter table ledger_transfers disable trigger ledger_transfers_append_only`.execute(trx);
        await sql`update ledger_transfers set xid = (id + 5)::text::xid8`.execute(trx);
        const last = await trx
          .selectFrom('ledger_transfers')
          .select([sql<string>`xid::text`.as('xid'), 'id'])
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const result = await rollUpBatch(trx, { xid: '0', transferId: 0n }, '1000000000', 100_000);
        expect(result.last).toEqual({ xid: last.xid, transferId: BigInt(last.id) });
        expect(Number(last.xid)).toBeGreaterThanOrEqual(10);
        throw rolledBack;
      })
      .catch((error: unknown) => error);
    expect(outcome).toBe(rolledBack);
  });
});
