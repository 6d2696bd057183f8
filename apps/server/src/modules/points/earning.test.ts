import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PointsSettings } from '@portal/contracts';
import { buildMember } from '../../test/factories';
import { assertLedgerBalances } from '../../test/payments-kit';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { killAfter } from '../../test/killed-child';
import { signedHeaders } from '../seamless/signature';
import { openGameSession } from '../seamless/seamless.service';
import type { MerchantConfig } from '../system';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { earnPoints } from './earning.service';
import { createItem, setSettings } from './points-ops.service';
import { pointsFor, pointsTypeOf } from './points-rules';
import { decide, redeem } from './redeems.service';

/**
 * Earning against a reference (decision 0033): random deposits, bets (won, lost, rolled back at once or
 * later), redeems with approvals and rejections, and points runs by one or two runners at once, through
 * the real seamless wallet, ledger and mall. Afterwards every bet and deposit earned exactly once (one
 * keyed transfer each), each member's points add up to what their play earned (points held, spent and
 * owed included: a rolled-back bet takes its points back even when they were spent), and the books
 * balance. Then a runner is killed mid-run: nothing lost, nothing twice.
 */
let testApp: TestApp;
let merchant: MerchantConfig;
const secrets = new Map<string, string>();
let games: { vendorCode: string; gameCode: string; gameType: string }[] = [];
const db = () => testApp.database.db;

const settings: PointsSettings = {
  earningEnabled: true,
  rates: { live: '0.03', lottery: '0.02', poker: '0.015', slots: '0.01', sports: '0.025', deposit: '0.005' },
  convertRatio: '100',
  convertEnabled: false,
  autoApproveMax: null,
  vipBasis: 'valid_bet',
  vipTiers: [{ level: 1, name: 'Bronze', threshold: '100.00', levelUpReward: '1.00' }],
};
const rateOf = (type: string) => BigInt(Math.round(Number(settings.rates[type as 'live']) * 10_000));

let voucherId: string;

beforeAll(async () => {
  testApp = await buildTestApp();
  merchant = (await testApp.app.deps.merchants.resolve('localhost', undefined))!;
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
  games = [...byType.values()].map((row) => ({
    vendorCode: row.vendor_code,
    gameCode: row.game_code,
    gameType: row.game_type,
  }));
  expect(games.length).toBeGreaterThanOrEqual(2);
  // Everything before the test's own play is read with earning off (the seed's history earns nothing here).
  await setSettings(db(), merchant, { ...settings, earningEnabled: false });
  await earnPoints(db());
  await setSettings(db(), merchant, settings);
  voucherId = (
    await createItem(db(), merchant, {
      kind: 'voucher',
      name: 'Voucher',
      description: '',
      imageUrl: null,
      pointsPerUnit: '0.50',
      amountPerUnit: null,
      minUnits: 1,
      maxUnits: 3,
      stock: null,
      minVipLevel: 0,
      wageringMultiplier: 0,
      enabled: true,
    })
  ).item.id;
});
afterAll(async () => testApp.close());

interface Player {
  id: number;
  sessions: Map<string, string>;
}

/** What the test did, to compare with: each member's expected points and every keyed source transfer. */
interface Reference {
  earnedByMember: Map<number, bigint>;
  /** Bets placed and not yet settled, which a later operation may roll back. */
  open: { player: Player; game: number; key: string; amount: bigint; points: bigint }[];
  redeems: { id: bigint; memberId: number }[];
  /** Bets and deposits that earned points (each once). */
  sources: number;
}

async function players(count: number): Promise<Player[]> {
  const made: Player[] = [];
  for (let index = 0; index < count; index += 1) {
    const { id } = await buildMember(db());
    const sessions = new Map<string, string>();
    for (const game of games) {
      sessions.set(
        game.vendorCode,
        await openGameSession(db(), { merchantId: merchant.id, memberId: id, vendorCode: game.vendorCode }),
      );
    }
    made.push({ id, sessions });
  }
  return made;
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

const formatted = (minor: bigint) => `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
const add = (map: Map<number, bigint>, key: number, value: bigint) =>
  map.set(key, (map.get(key) ?? 0n) + value);

const operation = fc.record({
  kind: fc.constantFrom(
    'deposit',
    'bet',
    'bet',
    'bet',
    'rollbackLater',
    'redeem',
    'redeem',
    'decide',
    'earn',
    'earnTwice',
  ),
  player: fc.nat(20),
  game: fc.nat(20),
  amount: fc.integer({ min: 1, max: 60_000 }),
  units: fc.integer({ min: 1, max: 3 }),
  outcome: fc.constantFrom('win', 'lose', 'rollback', 'open'),
  approve: fc.boolean(),
});
type Operation = typeof operation extends fc.Arbitrary<infer Value> ? Value : never;

let sequence = 0;

async function apply(all: Player[], op: Operation, reference: Reference) {
  const player = all[op.player % all.length]!;
  const amount = BigInt(op.amount);
  sequence += 1;
  const key = `points-test:${process.pid}:${sequence}`;
  switch (op.kind) {
    case 'deposit':
      await transfer(db(), {
        debit: systemAccount(merchant.id, 'THB', 'deposit_clearing', player.id),
        credit: playerAccount(merchant.id, 'THB', player.id),
        amountMinor: amount * 10n,
        kind: 'deposit',
        idempotencyKey: key,
      });
      add(reference.earnedByMember, player.id, pointsFor(amount * 10n, 2, rateOf('deposit')));
      if (pointsFor(amount * 10n, 2, rateOf('deposit')) > 0n) reference.sources += 1;
      return;
    case 'bet': {
      const gameIndex = op.game % games.length;
      const game = games[gameIndex]!;
      const base = { playerId: String(player.id), gameCode: game.gameCode, roundId: key };
      const placed = await seamless('bet', game.vendorCode, {
        ...base,
        sessionToken: player.sessions.get(game.vendorCode),
        amount: formatted(amount),
        transactionId: `${key}:bet`,
      });
      if (!placed.success) return; // not enough money: refused, nothing moved
      const points = pointsFor(amount, 2, rateOf(pointsTypeOf(game.gameType)));
      if (points > 0n) reference.sources += 1;
      if (op.outcome === 'rollback') {
        const back = await seamless('rollback', game.vendorCode, {
          ...base,
          amount: formatted(amount),
          transactionId: `${key}:rollback`,
          betTransactionId: `${key}:bet`,
        });
        expect(back.success, JSON.stringify(back)).toBe(true);
        return;
      }
      add(reference.earnedByMember, player.id, points);
      if (op.outcome === 'open') reference.open.push({ player, game: gameIndex, key, amount, points });
      else if (op.outcome === 'win') {
        await seamless('win', game.vendorCode, {
          ...base,
          amount: formatted(amount * 2n),
          transactionId: `${key}:win`,
        });
      }
      return;
    }
    case 'rollbackLater': {
      const bet = reference.open.shift();
      if (!bet) return;
      const game = games[bet.game]!;
      const back = await seamless('rollback', game.vendorCode, {
        playerId: String(bet.player.id),
        gameCode: game.gameCode,
        roundId: bet.key,
        amount: formatted(bet.amount),
        transactionId: `${bet.key}:rollback`,
        betTransactionId: `${bet.key}:bet`,
      });
      expect(back.success, JSON.stringify(back)).toBe(true);
      add(reference.earnedByMember, bet.player.id, -bet.points);
      return;
    }
    case 'redeem': {
      const made = await redeem(
        { db: db(), merchant, memberId: player.id },
        {
          clientRequestId: `r${process.pid}x${sequence}`,
          itemId: voucherId,
          units: op.units,
          receivingAddress: '1 Test Road',
          phone: '0812345678',
        },
      ).catch((error: { code?: string }) => {
        expect(error.code).toBe('points_insufficient');
        return null;
      });
      if (made) reference.redeems.push({ id: BigInt(made.redeem.reference), memberId: player.id });
      return;
    }
    case 'decide': {
      const made = reference.redeems.shift();
      if (!made) return;
      await decide(db(), merchant, made.id, op.approve ? 'approve' : 'reject', '', null);
      return;
    }
    case 'earn':
      await earnPoints(db(), { batchSize: 7 });
      return;
    case 'earnTwice':
      await Promise.all([earnPoints(db(), { batchSize: 5 }), earnPoints(db(), { batchSize: 11 })]);
      return;
  }
}

/**
 * Every member's points add up: balance + held + spent (approved redeems) - owed = what the member's play
 * earned less what rollbacks took back; no balance or owed amount is negative; each earning key once.
 */
async function assertPointsMatch(all: Player[], reference: Reference) {
  await earnPoints(db());
  const ids = all.map((player) => player.id);
  const balances = await db()
    .selectFrom('ledger_accounts')
    .select(['member_id', 'balance_minor'])
    .where('currency', '=', 'PTS')
    .where('kind', '=', 'player_points')
    .where('member_id', 'in', ids)
    .execute();
  const redeems = await db()
    .selectFrom('points_redeems')
    .select(['member_id', 'status', 'points_minor'])
    .where('member_id', 'in', ids)
    .execute();
  const counted = await db()
    .selectFrom('points_members')
    .select(['member_id', 'earned_minor', 'owed_minor'])
    .where('member_id', 'in', ids)
    .execute();
  for (const player of all) {
    const balance = balances.find((row) => row.member_id === player.id)?.balance_minor ?? 0n;
    const inRedeems = redeems
      .filter((row) => row.member_id === player.id && row.status !== 'rejected')
      .reduce((total, row) => total + row.points_minor, 0n);
    const row = counted.find((candidate) => candidate.member_id === player.id);
    const owed = row?.owed_minor ?? 0n;
    const expected = reference.earnedByMember.get(player.id) ?? 0n;
    expect(balance >= 0n && owed >= 0n).toBe(true);
    expect(balance + inRedeems - owed, `member ${player.id}`).toBe(expected);
    expect(row?.earned_minor ?? 0n).toBe(expected);
  }
  // One earning row per bet or deposit that earned (and one per rollback that took back), no more.
  const sources = await db()
    .selectFrom('points_earnings')
    .select(['member_id', 'points_minor'])
    .where('member_id', 'in', ids)
    .execute();
  expect(sources.filter((row) => row.points_minor > 0n)).toHaveLength(reference.sources);
  for (const player of all) {
    const sum = sources
      .filter((row) => row.member_id === player.id)
      .reduce((total, row) => total + row.points_minor, 0n);
    expect(sum).toBe(reference.earnedByMember.get(player.id) ?? 0n);
  }
  await assertLedgerBalances(db());
}

describe('points earning', () => {
  it('credits each bet by its game type and each deposit once, and a rolled-back bet takes its points back even when spent', async () => {
    const [player] = await players(1);
    const slot = games.find((game) => pointsTypeOf(game.gameType) === 'slots') ?? games[0]!;
    const reference: Reference = { earnedByMember: new Map(), open: [], redeems: [], sources: 0 };
    await apply(
      [player!],
      { kind: 'deposit', player: 0, game: 0, amount: 1_000, units: 1, outcome: 'lose', approve: true },
      reference,
    );
    const deposited = pointsFor(10_000n, 2, rateOf('deposit'));
    await apply(
      [player!],
      {
        kind: 'bet',
        player: 0,
        game: games.indexOf(slot),
        amount: 10_000,
        units: 1,
        outcome: 'open',
        approve: true,
      },
      reference,
    );
    await Promise.all([earnPoints(db()), earnPoints(db())]);
    const points = pointsFor(10_000n, 2, rateOf(pointsTypeOf(slot.gameType)));
    const account = () =>
      db()
        .selectFrom('ledger_accounts')
        .select('balance_minor')
        .where('kind', '=', 'player_points')
        .where('member_id', '=', player!.id)
        .executeTakeFirstOrThrow();
    expect((await account()).balance_minor).toBe(deposited + points);
    expect(deposited + points).toBe(150n);
    // The points are spent (a redeem approved), then the bet is rolled back: they are owed.
    const made = await redeem(
      { db: db(), merchant, memberId: player!.id },
      {
        clientRequestId: `spent${process.pid}`,
        itemId: voucherId,
        units: 3,
        receivingAddress: '1 Test Road',
        phone: '0812345678',
      },
    );
    await decide(db(), merchant, BigInt(made.redeem.reference), 'approve', '', null);
    await apply(
      [player!],
      { kind: 'rollbackLater', player: 0, game: 0, amount: 1, units: 1, outcome: 'lose', approve: true },
      reference,
    );
    await earnPoints(db());
    const owed = await db()
      .selectFrom('points_members')
      .select('owed_minor')
      .where('member_id', '=', player!.id)
      .executeTakeFirstOrThrow();
    expect((await account()).balance_minor).toBe(0n);
    expect(owed.owed_minor).toBe(100n);
    // The next earnings repay what is owed first.
    await apply(
      [player!],
      { kind: 'deposit', player: 0, game: 0, amount: 50_000, units: 1, outcome: 'lose', approve: true },
      reference,
    );
    await earnPoints(db());
    const after = await db()
      .selectFrom('points_members')
      .select('owed_minor')
      .where('member_id', '=', player!.id)
      .executeTakeFirstOrThrow();
    expect(after.owed_minor).toBe(0n);
    expect((await account()).balance_minor).toBe(pointsFor(500_000n, 2, rateOf('deposit')) - 100n);
    await assertPointsMatch([player!], reference);
  });

  it('matches the reference after random play, redeems and runs by one or two runners at once', async () => {
    const all = await players(5);
    for (const player of all) {
      await transfer(db(), {
        debit: systemAccount(merchant.id, 'THB', 'deposit_clearing', player.id),
        credit: playerAccount(merchant.id, 'THB', player.id),
        amountMinor: 2_000_000n,
        kind: 'deposit',
        idempotencyKey: `points-seed:${player.id}`,
      });
    }
    const reference: Reference = { earnedByMember: new Map(), open: [], redeems: [], sources: 0 };
    for (const player of all) {
      reference.earnedByMember.set(player.id, pointsFor(2_000_000n, 2, rateOf('deposit')));
      reference.sources += 1;
    }
    const seed = Number(process.env.FC_SEED ?? 33);
    const ops = fc.sample(fc.array(operation, { minLength: 160, maxLength: 160 }), { numRuns: 1, seed })[0]!;
    for (const op of ops) await apply(all, op, reference);
    await assertPointsMatch(all, reference);
    // The run was not vacuous: bets of several points types earned, rollbacks took points back, redeems
    // were decided both ways.
    const kinds = await db()
      .selectFrom('ledger_transfers')
      .select('kind')
      .distinct()
      .where('currency', '=', 'PTS')
      .execute();
    expect(kinds.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['points_deposit', 'points_rollback', 'points_redeem_post', 'points_release']),
    );
    expect(
      kinds.filter((row) => /^points_(live|lottery|poker|slots|sports)$/.test(row.kind)).length,
    ).toBeGreaterThan(1);
  });

  it('loses and doubles nothing when a runner is killed mid-run', async () => {
    const all = await players(4);
    const reference: Reference = { earnedByMember: new Map(), open: [], redeems: [], sources: 0 };
    for (const player of all) {
      await transfer(db(), {
        debit: systemAccount(merchant.id, 'THB', 'deposit_clearing', player.id),
        credit: playerAccount(merchant.id, 'THB', player.id),
        amountMinor: 1_000_000n,
        kind: 'deposit',
        idempotencyKey: `points-kill:${player.id}`,
      });
      reference.earnedByMember.set(player.id, pointsFor(1_000_000n, 2, rateOf('deposit')));
      reference.sources += 1;
    }
    const ops = fc.sample(fc.array(operation, { minLength: 100, maxLength: 100 }), {
      numRuns: 1,
      seed: 34,
    })[0]!;
    for (const op of ops.filter(
      (op) => !op.kind.startsWith('earn') && op.kind !== 'redeem' && op.kind !== 'decide',
    ))
      await apply(all, op, reference);
    await killAfter('apps/server/src/test/points-child.ts', [testApp.database.url], 'batch', 5);
    await assertPointsMatch(all, reference);
  });
});
