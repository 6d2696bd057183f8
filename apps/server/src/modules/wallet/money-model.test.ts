import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { mainBalances, seedSeamlessPlayers, type SeamlessPlayer } from '../../test/seamless-players';
import { roundDayMismatches } from '../../test/round-days';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { applyWithdrawalRule, refreshWagering } from '../rewards';
import { issueBonus } from '../rewards/bonus-wallet';
import { signedHeaders } from '../seamless/signature';
import type { MerchantConfig } from '../system';
import * as repo from './ledger.repo';
import { hold, playerAccount, settleHold, systemAccount, transfer } from './ledger.service';

/**
 * The money model, checked on real PostgreSQL: random sequences of deposits, seamless bets, wins and
 * rollbacks (with duplicates, conflicting duplicates and rollbacks that arrive before their bet),
 * transfers between players, withdrawals (held, then posted or voided) and bonuses (issued into the bonus
 * wallet, released by wagering on the bets above, or forfeited; decision 0030) with the merchant's spending
 * order switched at random between locked, real_first and bonus_first (bets then spend bonus money too,
 * migration 0023), sixteen at a time from many connections; half the players have responsible-gaming
 * limits, so their calls also count the wager-time windows, which must add up to their stored calls. After every step the books must balance, no player may be negative and every balance must
 * equal its entries; at the end every acknowledged key was applied exactly once and each player's balance
 * is what the acknowledged operations add up to. MONEY_MODEL_OPERATIONS sets the total (CI 10,000; the
 * bench runs 100,000).
 */
const totalOperations = Number(process.env.MONEY_MODEL_OPERATIONS ?? 10_000);
const operationsPerRun = 200;
const concurrency = 16;
const playerCount = 12;

let testApp: TestApp;
let secret: string;
let merchantId: number;
let players: SeamlessPlayer[];
let activityId: bigint;

beforeAll(async () => {
  testApp = await buildTestApp();
  const db = testApp.database.db;
  secret = (
    await db.selectFrom('vendors').select('secret').where('code', '=', 'BGS').executeTakeFirstOrThrow()
  ).secret;
  const seeded = await seedSeamlessPlayers(db, {
    count: playerCount,
    fundsMinor: 50_000n,
    vendorCode: 'BGS',
    prefix: 'model',
  });
  merchantId = seeded.merchantId;
  players = seeded.players;
  // Random wins often name a round whose bet never came (or was rolled back): the model pays them, as a
  // merchant does that sets the vendor to 'alert' (decision 0024); refused wins are tested elsewhere.
  const policy = await db
    .updateTable('merchant_vendors')
    .set({ orphan_win_policy: 'alert' })
    .where('merchant_id', '=', merchantId)
    .where('vendor_code', '=', 'BGS')
    .executeTakeFirst();
  expect(policy.numUpdatedRows).toBe(1n);
  // Half the players have responsible-gaming limits (issue 17), high enough never to refuse: each of their
  // calls runs the wager-time rule and counts its windows on the wallet row (migration 0039).
  const high = 10n ** 15n;
  await db
    .insertInto('rg_wager_state')
    .values(
      rgPlayers().map((who) => ({
        member_id: who.id,
        merchant_id: merchantId,
        loss_day_minor: high,
        loss_week_minor: high,
        loss_month_minor: high,
        wager_day_minor: high,
        wager_week_minor: high,
        wager_month_minor: high,
        session_started_at: new Date(),
      })),
    )
    .execute();
  // The activity the model's bonuses are claimed from: a forfeit on withdrawal, so no withdrawal is refused.
  activityId = (
    await db
      .insertInto('reward_activities')
      .values({
        merchant_id: merchantId,
        announcement_id: null,
        kind: 'sign_in',
        title: 'Model bonus',
        rules: JSON.stringify({ kind: 'sign_in', amounts: ['1.00'] }),
        starts_at: new Date(),
        ends_at: null,
        new_players_only: false,
        once: 'period',
        requires_join: false,
        issue: 'auto',
        wagering_multiplier: 1,
        wagering_weights: JSON.stringify({}) as unknown as Record<string, number>,
        withdraw_rule: 'forfeit',
        closed_at: null,
        created_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => testApp.close());

/** The players with responsible-gaming limits: every other one. */
function rgPlayers(): SeamlessPlayer[] {
  return players.filter((_, index) => index % 2 === 0);
}

/**
 * Each player's responsible-gaming windows on the main wallet row: for players with limits, what the stored
 * calls add up to (bets wagered, less rolled-back stakes; lost also less the wins applied once a window
 * was open; the session's net result every applied call); nothing for the others.
 */
async function assertRgWindows(
  stored: Array<{ id: bigint; kind: string; outcome: string; member_id: number; amount_minor: bigint }>,
): Promise<void> {
  const windows = await testApp.database.db
    .selectFrom('ledger_accounts')
    .select([
      'member_id',
      'rg_day_wagered_minor',
      'rg_week_wagered_minor',
      'rg_month_wagered_minor',
      'rg_day_lost_minor',
      'rg_week_lost_minor',
      'rg_month_lost_minor',
      'rg_session_net_minor',
    ])
    .where('kind', '=', 'player_main')
    .where(
      'member_id',
      'in',
      players.map((who) => who.id),
    )
    .execute();
  const limited = new Set(rgPlayers().map((who) => who.id));
  expect(windows).toHaveLength(players.length);
  for (const row of windows) {
    const { member_id: memberId, ...counted } = row;
    if (!limited.has(memberId!)) {
      expect(
        Object.values(counted).every((value) => value === null),
        `player ${memberId}`,
      ).toBe(true);
      continue;
    }
    // A member's calls serialize on the wallet row, so their ids are the order they were counted in.
    const applied = stored.filter((call) => call.member_id === memberId && call.outcome === 'applied');
    const firstBet = applied.reduce(
      (first, call) => (call.kind === 'bet' && (first === null || call.id < first) ? call.id : first),
      null as bigint | null,
    );
    const sum = (kind: string, after: bigint | null = null) =>
      applied
        .filter((call) => call.kind === kind && (after === null || call.id > after))
        .reduce((total, call) => total + call.amount_minor, 0n);
    const wagered = sum('bet') - sum('rollback');
    // A win before the first bet (an orphan the merchant pays) found no window open: only the session's.
    const lost = firstBet === null ? 0n : wagered - sum('win', firstBet);
    const net = sum('win') + sum('rollback') - sum('bet');
    expect(counted, `player ${memberId}`).toEqual({
      rg_day_wagered_minor: wagered,
      rg_week_wagered_minor: wagered,
      rg_month_wagered_minor: wagered,
      rg_day_lost_minor: lost,
      rg_week_lost_minor: lost,
      rg_month_lost_minor: lost,
      rg_session_net_minor: net,
    });
  }
}

type Operation =
  | { kind: 'deposit'; player: number; amountMinor: bigint; key: number }
  | { kind: 'bet' | 'win'; player: number; tx: number; conflicting: boolean }
  | { kind: 'rollback'; player: number; tx: number }
  | { kind: 'transfer'; player: number; to: number; amountMinor: bigint; key: number }
  | { kind: 'withdraw'; player: number; amountMinor: bigint; key: number; post: boolean }
  | { kind: 'bonus'; player: number; amountMinor: bigint; key: number; multiplier: number }
  | { kind: 'wagering' | 'forfeit'; player: number }
  | { kind: 'order'; order: 'locked' | 'real_first' | 'bonus_first' };

const player = fc.integer({ min: 0, max: playerCount - 1 });
const amount = fc.bigInt({ min: 1n, max: 20_000n });
// Small key spaces make duplicates common: a repeated key must replay, never move money twice.
const key = fc.integer({ min: 0, max: 60 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), player, amountMinor: amount, key }),
  fc.record({ kind: fc.constant('bet' as const), player, tx: key, conflicting: fc.boolean() }),
  fc.record({ kind: fc.constant('bet' as const), player, tx: key, conflicting: fc.constant(false) }),
  fc.record({ kind: fc.constant('win' as const), player, tx: key, conflicting: fc.constant(false) }),
  fc.record({ kind: fc.constant('rollback' as const), player, tx: key }),
  fc.record({ kind: fc.constant('transfer' as const), player, to: player, amountMinor: amount, key }),
  fc.record({ kind: fc.constant('withdraw' as const), player, amountMinor: amount, key, post: fc.boolean() }),
  fc.record({
    kind: fc.constant('bonus' as const),
    player,
    amountMinor: amount,
    key,
    multiplier: fc.constantFrom(0, 1, 3),
  }),
  fc.record({ kind: fc.constantFrom('wagering' as const, 'forfeit' as const), player }),
  fc.record({
    kind: fc.constant('order' as const),
    order: fc.constantFrom('locked' as const, 'real_first' as const, 'bonus_first' as const),
  }),
);

/** A vendor transaction's amount follows from its number, so honest duplicates carry equal content. */
function vendorAmountMinor(tx: number, conflicting: boolean): bigint {
  return BigInt(100 + ((tx * 7_919) % 9_000)) + (conflicting ? 1n : 0n);
}

function text(minor: bigint): string {
  return `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
}

/** Expected balance changes per player, from acknowledged first applications only. */
type Deltas = Map<number, bigint>;
function credit(deltas: Deltas, memberId: number, amountMinor: bigint): void {
  deltas.set(memberId, (deltas.get(memberId) ?? 0n) + amountMinor);
}

const refusals = new Set([
  'insufficient_funds',
  'idempotency_conflict',
  'bet_rolled_back',
  'amount_mismatch',
  'already_rolled_back',
  'hold_settled',
]);

async function vendorCall(run: number, step: Operation & { kind: 'bet' | 'win' | 'rollback' }) {
  const who = players[step.player]!;
  const prefix = `m${run}-p${step.player}`;
  const betId = `${prefix}-bet-${step.tx}`;
  const common = { merchantCode: 'demo', playerId: String(who.id), currency: 'THB', gameCode: 'model-slot' };
  const body =
    step.kind === 'bet'
      ? {
          ...common,
          sessionToken: who.sessionToken,
          amount: text(vendorAmountMinor(step.tx, step.conflicting)),
          transactionId: betId,
          roundId: `${prefix}-round-${step.tx}`,
        }
      : step.kind === 'win'
        ? {
            ...common,
            amount: text(vendorAmountMinor(step.tx, false)),
            transactionId: `${prefix}-win-${step.tx}`,
            roundId: `${prefix}-round-${step.tx}`,
          }
        : {
            ...common,
            amount: text(vendorAmountMinor(step.tx, false)),
            transactionId: `${prefix}-rollback-${step.tx}`,
            betTransactionId: betId,
            roundId: `${prefix}-round-${step.tx}`,
          };
  const payload = JSON.stringify(body);
  const reply = await testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${step.kind}`,
    payload,
    headers: signedHeaders('BGS', secret, payload),
  });
  const envelope = reply.json<{ success: boolean; code?: string; value: { replayed?: boolean } | null }>();
  if (!envelope.success && !refusals.has(envelope.code ?? '')) {
    throw new Error(`unexpected vendor answer ${reply.statusCode}: ${reply.body}`);
  }
  return {
    transactionId: body.transactionId,
    ok: envelope.success,
    replayed: envelope.value?.replayed === true,
  };
}

/** How often each kind of operation was applied, replayed or refused: the run must exercise all three. */
const tally = new Map<string, number>();
function count(kind: string, outcome: 'applied' | 'replayed' | 'refused'): void {
  tally.set(`${kind}:${outcome}`, (tally.get(`${kind}:${outcome}`) ?? 0) + 1);
}

/** Runs one operation; records what was acknowledged. Refusals are part of the model. */
async function perform(run: number, step: Operation, deltas: Deltas, acknowledged: Set<string>) {
  try {
    await performCounted(run, step, deltas, acknowledged);
  } catch (error) {
    if (!(error instanceof AppError && refusals.has(error.code))) throw error;
    count(step.kind, 'refused');
  }
}

async function performCounted(
  run: number,
  step: Operation,
  deltas: Deltas,
  acknowledged: Set<string>,
): Promise<void> {
  const db = testApp.database.db;
  if (step.kind === 'order') {
    // As the operator's settings call does; the seamless wallet reads it once per batch.
    await db
      .insertInto('reward_settings')
      .values({ merchant_id: merchantId, social_contact_cap_minor: 13_100_000n, spending_order: step.order })
      .onConflict((conflict) => conflict.column('merchant_id').doUpdateSet({ spending_order: step.order }))
      .execute();
    count(`order:${step.order}`, 'applied');
    return;
  }
  const memberId = players[step.player]!.id;
  const wallet = playerAccount(merchantId, 'THB', memberId);
  switch (step.kind) {
    case 'bet':
    case 'win':
    case 'rollback': {
      const result = await vendorCall(run, step);
      count(step.kind, result.ok ? (result.replayed ? 'replayed' : 'applied') : 'refused');
      if (result.ok) acknowledged.add(result.transactionId);
      if (result.ok && !result.replayed) {
        // A rollback's refund depends on whether its bet had arrived: read back below, at the end.
        const sign = step.kind === 'bet' ? -1n : step.kind === 'win' ? 1n : 0n;
        credit(deltas, memberId, sign * vendorAmountMinor(step.tx, step.kind === 'bet' && step.conflicting));
      }
      return;
    }
    case 'deposit': {
      const result = await transfer(db, {
        debit: systemAccount(merchantId, 'THB', 'deposit_clearing', memberId),
        credit: wallet,
        amountMinor: step.amountMinor,
        kind: 'deposit',
        idempotencyKey: `m${run}-dep-${step.player}-${step.key}-${step.amountMinor}`,
      });
      count(step.kind, result.replayed ? 'replayed' : 'applied');
      if (!result.replayed) credit(deltas, memberId, step.amountMinor);
      return;
    }
    case 'transfer': {
      const to = players[step.to]!.id;
      if (to === memberId) return;
      const result = await transfer(db, {
        debit: wallet,
        credit: playerAccount(merchantId, 'THB', to),
        amountMinor: step.amountMinor,
        kind: 'transfer_downline',
        idempotencyKey: `m${run}-transfer-${step.player}-${step.key}`,
      });
      count(step.kind, result.replayed ? 'replayed' : 'applied');
      if (!result.replayed) {
        credit(deltas, memberId, -step.amountMinor);
        credit(deltas, to, step.amountMinor);
      }
      return;
    }
    case 'bonus': {
      // As a claim does: the claim row is the once-per-period key, the bonus transfer is keyed by it.
      const periodKey = `m${run}-${step.key}`;
      const merchant = { id: merchantId, currency: { code: 'THB', decimals: 2 } } as MerchantConfig;
      const issued = await db.transaction().execute(async (trx) => {
        const claim = await trx
          .insertInto('reward_claims')
          .values({
            merchant_id: merchantId,
            activity_id: activityId,
            member_id: memberId,
            period_key: periodKey,
            amount_minor: step.amountMinor,
            status: 'issued',
            contact_app: null,
            contact_id: null,
            ip: null,
            device: null,
            decided_by: null,
            decided_at: null,
          })
          .onConflict((conflict) => conflict.columns(['activity_id', 'member_id', 'period_key']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!claim) return false;
        await issueBonus(trx, {
          merchant,
          memberId,
          claimId: claim.id,
          idempotencyKey: `reward:${activityId}:${memberId}:${periodKey}`,
          amountMinor: step.amountMinor,
          multiplier: step.multiplier,
          weights: {},
          withdrawRule: 'forfeit',
        });
        return true;
      });
      count(step.kind, issued ? 'applied' : 'replayed');
      return;
    }
    case 'wagering': {
      const released = await refreshWagering(db, { memberId });
      count(step.kind, released > 0 ? 'applied' : 'replayed');
      return;
    }
    case 'forfeit': {
      const merchant = { id: merchantId, currency: { code: 'THB', decimals: 2 } } as MerchantConfig;
      await db.transaction().execute((trx) => applyWithdrawalRule(trx, merchant, memberId, true));
      count(step.kind, 'applied');
      return;
    }
    case 'withdraw': {
      const held = await hold(db, {
        debit: wallet,
        amountMinor: step.amountMinor,
        kind: 'withdrawal_hold',
        idempotencyKey: `m${run}-withdraw-${step.player}-${step.key}`,
      });
      count(step.kind, held.replayed ? 'replayed' : 'applied');
      if (held.replayed) return;
      credit(deltas, memberId, -step.amountMinor);
      const settled = await settleHold(db, {
        merchantId,
        holdTransferId: held.transferId,
        outcome: step.post ? 'post' : 'void',
        credit: systemAccount(merchantId, 'THB', 'withdrawal_clearing', memberId),
        kind: step.post ? 'withdrawal' : 'withdrawal_void',
        idempotencyKey: `m${run}-withdraw-${step.player}-${step.key}-settle`,
      });
      if (!step.post && !settled.replayed) credit(deltas, memberId, step.amountMinor);
      return;
    }
  }
}

/** The whole check (a scan of every transfer): at the start and at the end. */
async function assertInvariants(): Promise<void> {
  expect(await repo.countInvariantViolations(testApp.database.db)).toEqual({
    unbalanced: 0,
    negative: 0,
    drifting: 0,
  });
}

/**
 * The same invariants after every step, at the cost of the step: each account's entries are summed
 * incrementally from the transfers written since the last step (every writer has finished when a step
 * ends, so no transfer with a smaller id can still commit), then compared with every balance.
 */
const entryTotals = new Map<bigint, bigint>();
let lastTransferId = 0n;
async function assertInvariantsAfterStep(): Promise<void> {
  const db = testApp.database.db;
  const transfers = await db
    .selectFrom('ledger_transfers')
    .select(['id', 'debit_account_id', 'credit_account_id', 'amount_minor'])
    .where('id', '>', lastTransferId)
    .orderBy('id')
    .execute();
  for (const row of transfers) {
    entryTotals.set(row.debit_account_id, (entryTotals.get(row.debit_account_id) ?? 0n) - row.amount_minor);
    entryTotals.set(row.credit_account_id, (entryTotals.get(row.credit_account_id) ?? 0n) + row.amount_minor);
    lastTransferId = row.id;
  }
  const accounts = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'member_id', 'merchant_id', 'currency', 'balance_minor'])
    .execute();
  const books = new Map<string, bigint>();
  for (const account of accounts) {
    expect(account.balance_minor, `account ${account.id} against its entries`).toBe(
      entryTotals.get(account.id) ?? 0n,
    );
    if (account.member_id !== null)
      expect(account.balance_minor >= 0n, `player account ${account.id}`).toBe(true);
    const book = `${account.merchant_id}:${account.currency}`;
    books.set(book, (books.get(book) ?? 0n) + account.balance_minor);
  }
  for (const [book, total] of books) expect(total, `books ${book} sum`).toBe(0n);
}

describe('the money model on real PostgreSQL', () => {
  it(
    `keeps every invariant over ${totalOperations} random concurrent operations`,
    { timeout: 120_000 + totalOperations * 20 },
    async () => {
      const db = testApp.database.db;
      const deltas: Deltas = new Map();
      const acknowledged = new Set<string>();
      let run = 0;
      let performed = 0;
      await assertInvariants();
      await fc.assert(
        fc.asyncProperty(
          fc.array(operation, { minLength: operationsPerRun, maxLength: operationsPerRun }),
          async (steps) => {
            run += 1;
            for (let start = 0; start < steps.length; start += concurrency) {
              await Promise.all(
                steps
                  .slice(start, start + concurrency)
                  .map((step) => perform(run, step, deltas, acknowledged)),
              );
              performed += Math.min(concurrency, steps.length - start);
              await assertInvariantsAfterStep();
            }
          },
        ),
        { numRuns: Math.ceil(totalOperations / operationsPerRun), endOnFailure: true },
      );
      expect(performed).toBeGreaterThanOrEqual(totalOperations);
      // Not vacuous: every kind was applied, and duplicates and refusals did occur.
      for (const kind of [
        'deposit',
        'bet',
        'win',
        'rollback',
        'transfer',
        'withdraw',
        'bonus',
        'wagering',
      ].concat(['order:locked', 'order:real_first', 'order:bonus_first'])) {
        expect(tally.get(`${kind}:applied`) ?? 0, kind).toBeGreaterThan(0);
      }
      for (const outcome of ['replayed', 'refused']) {
        const total = [...tally]
          .filter(([name]) => name.endsWith(outcome))
          .reduce((sum, [, n]) => sum + n, 0);
        expect(total, outcome).toBeGreaterThan(0);
      }

      // Every acknowledged vendor transaction is stored exactly once, and nothing else is.
      const stored = await db
        .selectFrom('seamless_transactions')
        .select(['id', 'vendor_tx_id', 'kind', 'outcome', 'member_id', 'amount_minor', 'bonus_minor'])
        .execute();
      // Bets did spend bonus money (each such bet recorded its split), and some rollbacks refunded some.
      expect(stored.filter((row) => row.kind === 'bet' && row.bonus_minor > 0n).length).toBeGreaterThan(0);
      expect(stored.every((row) => row.bonus_minor <= row.amount_minor)).toBe(true);
      expect(new Set(stored.map((row) => row.vendor_tx_id))).toEqual(acknowledged);
      expect(stored).toHaveLength(acknowledged.size);
      await assertRgWindows(stored);
      // The per-day figures of the history reads (migration 0040) equal the rounds counted again.
      expect(await roundDayMismatches(db)).toEqual([]);
      // Refunds happened where the rolled-back bet had arrived first (outcome applied), not for tombstones;
      // bets and refunds count against main + bonus, whichever wallet paid.
      for (const row of stored) {
        if (row.kind === 'rollback' && row.outcome === 'applied')
          credit(deltas, row.member_id, row.amount_minor);
      }
      // Each bonus left the bonus wallet at most once, by the transfer its outcome names, moving what
      // remained of it (at most its amount; nothing, with no transfer, when bets spent all of it); the bonus
      // wallets hold at most what is still wagering; issued bonuses came in, forfeited remains went out.
      const grants = await db
        .selectFrom('bonus_grants as g')
        .leftJoin('ledger_transfers as t', 't.id', 'g.settle_transfer_id')
        .select([
          'g.id',
          'g.member_id',
          'g.amount_minor',
          'g.status',
          'g.settled_minor',
          't.kind',
          't.idempotency_key',
          't.amount_minor as moved',
        ])
        .execute();
      expect(grants.length).toBeGreaterThan(0);
      const issuedOrForfeited = new Map<number, bigint>();
      const wagering = new Map<number, bigint>();
      for (const grant of grants) {
        credit(issuedOrForfeited, grant.member_id, grant.amount_minor);
        if (grant.status === 'wagering') {
          expect([grant.kind, grant.settled_minor], `grant ${grant.id}`).toEqual([null, null]);
          wagering.set(grant.member_id, (wagering.get(grant.member_id) ?? 0n) + grant.amount_minor);
          continue;
        }
        const outcome = grant.status === 'released' ? 'release' : 'forfeit';
        expect(grant.settled_minor! >= 0n && grant.settled_minor! <= grant.amount_minor).toBe(true);
        if (grant.settled_minor === 0n) {
          expect(grant.kind, `grant ${grant.id}`).toBeNull();
        } else {
          expect([grant.kind, grant.idempotency_key, grant.moved]).toEqual([
            `bonus_${outcome}`,
            `bonus-${outcome}:${grant.id}`,
            grant.settled_minor,
          ]);
        }
        if (grant.status === 'forfeited') credit(issuedOrForfeited, grant.member_id, -grant.settled_minor!);
      }
      const statuses = new Set(grants.map((grant) => grant.status));
      expect(statuses).toEqual(new Set(['wagering', 'released', 'forfeited']));
      const settles = await db
        .selectFrom('ledger_transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', 'in', ['bonus_release', 'bonus_forfeit'])
        .executeTakeFirstOrThrow();
      expect(Number(settles.n)).toBe(
        grants.filter((grant) => grant.status !== 'wagering' && grant.settled_minor !== 0n).length,
      );
      const bonusWallets = await db
        .selectFrom('ledger_accounts')
        .select(['member_id', 'balance_minor'])
        .where('kind', '=', 'player_bonus')
        .execute();
      const bonusOf = new Map<number, bigint>();
      for (const wallet of bonusWallets) {
        bonusOf.set(wallet.member_id!, wallet.balance_minor);
        expect(
          wallet.balance_minor <= (wagering.get(wallet.member_id!) ?? 0n),
          `bonus wallet of ${wallet.member_id}`,
        ).toBe(true);
      }
      for (const [memberId, balance] of await mainBalances(db, players)) {
        const funded = players.find((who) => who.id === memberId)!.fundedMinor;
        expect(balance + (bonusOf.get(memberId) ?? 0n), `player ${memberId}`).toBe(
          funded + (deltas.get(memberId) ?? 0n) + (issuedOrForfeited.get(memberId) ?? 0n),
        );
      }
      await assertInvariants();
    },
  );
});
