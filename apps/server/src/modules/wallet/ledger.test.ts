import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../db/test-database';
import { AppError } from '../../http/errors';
import { buildMember } from '../../test/factories';
import * as repo from './ledger.repo';
import {
  hold,
  holdState,
  playerAccount,
  reverse,
  settleHold,
  systemAccount,
  transfer,
  transferMany,
} from './ledger.service';

let database: TestDatabase;
let merchantId: number;
const players: number[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  merchantId = (
    await database.db
      .selectFrom('merchants')
      .select('id')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow()
  ).id;
  for (let index = 0; index < 4; index += 1) players.push((await buildMember(database.db)).id);
});
afterAll(async () => database.drop());

const wallet = (memberId: number) => playerAccount(merchantId, 'THB', memberId);
const house = (memberId: number) => systemAccount(merchantId, 'THB', 'house', memberId, 'BGS');
const clearing = (memberId: number) => systemAccount(merchantId, 'THB', 'deposit_clearing', memberId);

async function balanceOf(memberId: number): Promise<bigint> {
  return repo.selectBalance(database.db, await repo.ensureAccount(database.db, wallet(memberId)));
}

async function assertBooksBalance(): Promise<void> {
  for (const row of await repo.selectBalanceSums(database.db)) expect(BigInt(row.total)).toBe(0n);
  expect(await repo.selectDriftingAccounts(database.db)).toEqual([]);
  const negative = await database.db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('member_id', 'is not', null)
    .where('balance_minor', '<', 0n)
    .execute();
  expect(negative).toEqual([]);
}

describe('ledger transfers', () => {
  it('moves money between two accounts and keeps the books balanced', async () => {
    const player = players[0]!;
    await transfer(database.db, {
      debit: clearing(player),
      credit: wallet(player),
      amountMinor: 10_000n,
      kind: 'deposit',
      idempotencyKey: 'dep-1',
    });
    await transfer(database.db, {
      debit: wallet(player),
      credit: house(player),
      amountMinor: 2_550n,
      kind: 'bet',
      idempotencyKey: 'bet-1',
    });
    expect(await balanceOf(player)).toBe(7_450n);
    await assertBooksBalance();
  });

  it('refuses to overdraw a player, reporting the balance, and moves nothing', async () => {
    const player = players[1]!;
    const failure = await transfer(database.db, {
      debit: wallet(player),
      credit: house(player),
      amountMinor: 1n,
      kind: 'bet',
      idempotencyKey: 'overdraw-1',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('insufficient_funds');
    expect((failure as AppError).value).toEqual({ balanceMinor: '0' });
    const written = await repo.selectTransferByKey(database.db, merchantId, 'overdraw-1');
    expect(written).toBeUndefined();
    await assertBooksBalance();
  });

  it('moves money once per key: a replay changes nothing, another request with the key is a conflict', async () => {
    const player = players[2]!;
    const request = {
      debit: clearing(player),
      credit: wallet(player),
      amountMinor: 500n,
      kind: 'deposit',
      idempotencyKey: 'dep-once',
    };
    const first = await transfer(database.db, request);
    const again = await transfer(database.db, request);
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(await balanceOf(player)).toBe(500n);
    const conflict = await transfer(database.db, { ...request, amountMinor: 501n }).catch(
      (error: unknown) => error,
    );
    expect((conflict as AppError).code).toBe('idempotency_conflict');
  });

  it('reverses a transfer once with an opposite transfer, never by editing history', async () => {
    const player = players[3]!;
    await transfer(database.db, {
      debit: clearing(player),
      credit: wallet(player),
      amountMinor: 900n,
      kind: 'deposit',
      idempotencyKey: 'dep-r',
    });
    const bet = await transfer(database.db, {
      debit: wallet(player),
      credit: house(player),
      amountMinor: 300n,
      kind: 'bet',
      idempotencyKey: 'bet-r',
    });
    await reverse(database.db, merchantId, bet.transferId, 'rollback-r');
    expect(await balanceOf(player)).toBe(900n);
    expect((await reverse(database.db, merchantId, bet.transferId, 'rollback-r')).replayed).toBe(true);
    const twice = await reverse(database.db, merchantId, bet.transferId, 'rollback-r2').catch(
      (error: unknown) => error,
    );
    expect((twice as AppError).code).toBe('already_reversed');
    await expect(
      database.db.deleteFrom('ledger_transfers').where('id', '=', bet.transferId).execute(),
    ).rejects.toThrow(/append-only/);
    await assertBooksBalance();
  });

  it('refuses zero, negative and huge amounts and mixed currencies', async () => {
    const player = players[0]!;
    for (const amountMinor of [0n, -5n, 10n ** 20n]) {
      const failure = await transfer(database.db, {
        debit: clearing(player),
        credit: wallet(player),
        amountMinor,
        kind: 'deposit',
        idempotencyKey: `bad-${amountMinor}`,
      }).catch((error: unknown) => error);
      expect((failure as AppError).code).toBe('invalid_amount');
    }
    const mixed = await transfer(database.db, {
      debit: systemAccount(merchantId, 'USD', 'deposit_clearing', player),
      credit: wallet(player),
      amountMinor: 1n,
      kind: 'deposit',
      idempotencyKey: 'mixed',
    }).catch((error: unknown) => error);
    expect((mixed as AppError).code).toBe('currency_mismatch');
  });
});

describe('two-phase holds', () => {
  async function fund(player: number, amountMinor: bigint, key: string) {
    await transfer(database.db, {
      debit: clearing(player),
      credit: wallet(player),
      amountMinor,
      kind: 'deposit',
      idempotencyKey: key,
    });
  }

  it('holds money away from the player, then posts it once; a second settlement is refused', async () => {
    const player = (await buildMember(database.db)).id;
    await fund(player, 1_000n, 'hold-fund-1');
    const held = await hold(database.db, {
      debit: wallet(player),
      amountMinor: 400n,
      kind: 'withdrawal_hold',
      idempotencyKey: 'hold-1',
    });
    expect(await balanceOf(player)).toBe(600n);
    expect(await holdState(database.db, merchantId, held.transferId)).toBe('pending');
    const payout = systemAccount(merchantId, 'THB', 'withdrawal_clearing', player);
    const post = {
      merchantId,
      holdTransferId: held.transferId,
      outcome: 'post' as const,
      credit: payout,
      kind: 'withdrawal',
      idempotencyKey: 'hold-1-post',
    };
    await settleHold(database.db, post);
    expect((await settleHold(database.db, post)).replayed).toBe(true);
    const voided = await settleHold(database.db, {
      merchantId,
      holdTransferId: held.transferId,
      outcome: 'void',
      kind: 'withdrawal_void',
      idempotencyKey: 'hold-1-void',
    }).catch((error: unknown) => error);
    expect((voided as AppError).code).toBe('hold_settled');
    expect(await holdState(database.db, merchantId, held.transferId)).toBe('posted');
    expect(await balanceOf(player)).toBe(600n);
    const reversed = await reverse(database.db, merchantId, held.transferId, 'hold-1-rev').catch(
      (error: unknown) => error,
    );
    expect((reversed as AppError).code).toBe('hold_not_reversible');
    await assertBooksBalance();
  });

  it('voids a hold back to its origin, and a race of post against void settles it exactly once', async () => {
    const player = (await buildMember(database.db)).id;
    await fund(player, 500n, 'hold-fund-2');
    const held = await hold(database.db, {
      debit: wallet(player),
      amountMinor: 500n,
      kind: 'withdrawal_hold',
      idempotencyKey: 'hold-2',
    });
    const overdraw = await hold(database.db, {
      debit: wallet(player),
      amountMinor: 1n,
      kind: 'withdrawal_hold',
      idempotencyKey: 'hold-2b',
    }).catch((error: unknown) => error);
    expect((overdraw as AppError).code).toBe('insufficient_funds');
    const outcomes = await Promise.allSettled([
      settleHold(database.db, {
        merchantId,
        holdTransferId: held.transferId,
        outcome: 'void',
        kind: 'withdrawal_void',
        idempotencyKey: 'hold-2-void',
      }),
      settleHold(database.db, {
        merchantId,
        holdTransferId: held.transferId,
        outcome: 'post',
        credit: systemAccount(merchantId, 'THB', 'withdrawal_clearing', player),
        kind: 'withdrawal',
        idempotencyKey: 'hold-2-post',
      }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const state = await holdState(database.db, merchantId, held.transferId);
    expect(await balanceOf(player)).toBe(state === 'voided' ? 500n : 0n);
    await assertBooksBalance();
  });

  it("joins the caller's transaction: a failure after the hold leaves nothing behind", async () => {
    const player = (await buildMember(database.db)).id;
    await fund(player, 300n, 'hold-fund-3');
    const failure = await database.db
      .transaction()
      .execute(async (trx) => {
        await hold(trx, {
          debit: wallet(player),
          amountMinor: 300n,
          kind: 'withdrawal_hold',
          idempotencyKey: 'hold-3',
        });
        throw new Error('the caller failed after holding');
      })
      .catch((error: unknown) => error);
    expect((failure as Error).message).toMatch(/caller failed/);
    expect(await balanceOf(player)).toBe(300n);
    expect(await repo.selectTransferByKey(database.db, merchantId, 'hold-3')).toBeUndefined();
    await assertBooksBalance();
  });
});

describe('ledger under concurrent random operations', () => {
  it('keeps every invariant for random deposits, bets, wins, duplicates and reversals run concurrently', async () => {
    const operation = fc.record({
      player: fc.constantFrom(...players),
      kind: fc.constantFrom('deposit', 'bet', 'win', 'rollback'),
      amountMinor: fc.bigInt({ min: 1n, max: 5_000n }),
      keyNumber: fc.integer({ min: 0, max: 400 }),
    });
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 60 }), async (operations) => {
        round += 1;
        const transferIds: bigint[] = [];
        // Eight at a time, like eight vendor clients; keys repeat on purpose (duplicates and conflicts).
        for (let start = 0; start < operations.length; start += 8) {
          await Promise.all(
            operations.slice(start, start + 8).map(async (step) => {
              const key = `r${round}-${step.kind}-${step.keyNumber}`;
              try {
                if (step.kind === 'rollback') {
                  const target = transferIds[step.keyNumber % Math.max(transferIds.length, 1)];
                  if (target !== undefined) await reverse(database.db, merchantId, target, key);
                  return;
                }
                const [debit, credit] =
                  step.kind === 'deposit'
                    ? [clearing(step.player), wallet(step.player)]
                    : step.kind === 'bet'
                      ? [wallet(step.player), house(step.player)]
                      : [house(step.player), wallet(step.player)];
                const result = await transfer(database.db, {
                  debit,
                  credit,
                  amountMinor: step.amountMinor,
                  kind: step.kind,
                  idempotencyKey: key,
                });
                transferIds.push(result.transferId);
              } catch (error) {
                // Refusals are part of the model; anything else is a defect.
                const expected = ['insufficient_funds', 'idempotency_conflict', 'already_reversed'];
                if (!(error instanceof AppError && expected.includes(error.code))) throw error;
              }
            }),
          );
        }
        await assertBooksBalance();
      }),
      { numRuns: 15 },
    );
  });
});

describe('transferMany', () => {
  const commission = (memberId: number) => systemAccount(merchantId, 'THB', 'agent_commission', memberId);
  const payout = (memberId: number, amount: bigint, key: string) => ({
    debit: commission(memberId),
    credit: wallet(memberId),
    amountMinor: amount,
    kind: 'agent_salary',
    idempotencyKey: key,
  });

  it('moves many transfers once each, replays the same keys, refuses a key reused for another', async () => {
    const before = await Promise.all(players.map(balanceOf));
    const requests = players.map((id, index) => payout(id, BigInt(100 + index), `many:${id}`));
    const first = await database.db.transaction().execute((trx) => transferMany(trx, requests));
    expect(first.every((result) => !result.replayed)).toBe(true);
    const again = await database.db.transaction().execute((trx) => transferMany(trx, requests));
    expect(again.map((result) => [result.transferId, result.replayed])).toEqual(
      first.map((result) => [result.transferId, true]),
    );
    expect(await Promise.all(players.map(balanceOf))).toEqual(
      before.map((balance, index) => balance + BigInt(100 + index)),
    );
    await expect(
      database.db
        .transaction()
        .execute((trx) => transferMany(trx, [payout(players[0]!, 1n, `many:${players[0]}`)])),
    ).rejects.toMatchObject({ code: 'idempotency_conflict' });
    await assertBooksBalance();
  });

  it('changes nothing when one player would go negative', async () => {
    const before = await Promise.all(players.map(balanceOf));
    const requests = [
      payout(players[1]!, 5n, 'many:neg:1'),
      {
        debit: wallet(players[2]!),
        credit: house(players[2]!),
        amountMinor: before[2]! + 1n,
        kind: 'bet',
        idempotencyKey: 'many:neg:2',
      },
    ];
    await expect(
      database.db.transaction().execute((trx) => transferMany(trx, requests)),
    ).rejects.toBeInstanceOf(AppError);
    expect(await Promise.all(players.map(balanceOf))).toEqual(before);
    expect(await repo.selectTransferByKey(database.db, merchantId, 'many:neg:1')).toBeUndefined();
    await assertBooksBalance();
  });
});
