import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../../test/factories';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { runBgsRecovery } from '../../jobs/bgs-rounds.job';
import { openGameSession } from '../seamless/seamless.service';
import { VendorDirectory } from '../seamless/vendor-directory';
import { playerAccount, systemAccount, transfer } from '../wallet/ledger.service';
import { injectedBgsWallet, type BgsWallet } from './bgs-wallet';
import type { GameContext } from './inhouse.service';
import * as play from './play.service';

let testApp: TestApp;
let merchantId: number;
let sequence = 0;

beforeAll(async () => {
  testApp = await buildTestApp();
  merchantId = (await testApp.app.deps.merchants.resolve('localhost', undefined))!.id;
});
afterAll(async () => testApp?.close());

/**
 * A game context whose wallet loses answers the way a crash or a dropped connection would: the call may
 * reach the real seamless wallet (applied) or not, and the caller never learns the result.
 */
async function contextLosing(lose: { bet?: 'applied' | 'lost'; win?: 'applied' | 'lost' }) {
  const db = testApp.database.db;
  const member = await buildMember(db);
  await transfer(db, {
    debit: systemAccount(merchantId, 'THB', 'deposit_clearing', member.id),
    credit: playerAccount(merchantId, 'THB', member.id),
    amountMinor: 100_000n,
    kind: 'deposit',
    idempotencyKey: `bgs-recovery-fund:${member.id}`,
  });
  const real = injectedBgsWallet(testApp.app, new VendorDirectory(db));
  const wallet: BgsWallet = {
    ...real,
    async bet(player, call) {
      if (lose.bet === 'lost') throw new Error('connection reset before the wallet got the bet');
      const reply = await real.bet(player, call);
      if (lose.bet === 'applied') throw new Error('connection reset after the wallet applied the bet');
      return reply;
    },
    async win(player, call) {
      if (lose.win === 'lost') throw new Error('connection reset before the wallet got the win');
      const reply = await real.win(player, call);
      if (lose.win === 'applied') throw new Error('connection reset after the wallet applied the win');
      return reply;
    },
  };
  const merchant = (await testApp.app.deps.merchants.resolve('localhost', undefined))!;
  const sessionToken = await openGameSession(db, { merchantId, memberId: member.id, vendorCode: 'BGS' });
  const context: GameContext = { db, wallet, merchant, memberId: member.id, sessionToken };
  return { context, memberId: member.id, honest: { ...context, wallet: real } };
}

async function balanceOf(memberId: number): Promise<bigint> {
  const row = await testApp.database.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'player_main')
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

async function roundOf(memberId: number) {
  return testApp.database.db
    .selectFrom('bgs_rounds')
    .select(['round_id', 'status', 'failure_code', 'payout_minor'])
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
}

/** Ages the member's rounds past the job's minimum age. */
async function age(memberId: number): Promise<void> {
  await testApp.database.db
    .updateTable('bgs_rounds')
    .set({ updated_at: new Date(Date.now() - 5 * 60_000) })
    .where('member_id', '=', memberId)
    .execute();
}

function requestId(): string {
  sequence += 1;
  return `recover-${process.pid}-${sequence}`;
}

describe('recovery of rounds stopped between seamless calls', () => {
  it('refunds a bet whose answer was lost, and a late retry of the play is refused', async () => {
    const { context, memberId, honest } = await contextLosing({ bet: 'applied' });
    const id = requestId();
    await expect(play.spin(context, { requestId: id, bet: '10.00' })).rejects.toThrow(
      /after the wallet applied/,
    );
    expect(await balanceOf(memberId)).toBe(99_000n);
    expect((await roundOf(memberId)).status).toBe('betting');
    expect(await runBgsRecovery(testApp.app)).toMatchObject({ rolledBack: 0 }); // too young yet
    await age(memberId);
    expect(await runBgsRecovery(testApp.app)).toMatchObject({ rolledBack: 1, failed: 0 });
    expect(await balanceOf(memberId)).toBe(100_000n);
    expect(await roundOf(memberId)).toMatchObject({ status: 'refused', failure_code: 'abandoned' });
    await expect(play.spin(honest, { requestId: id, bet: '10.00' })).rejects.toMatchObject({
      code: 'abandoned',
    });
    expect(await balanceOf(memberId)).toBe(100_000n);
    expect(await runBgsRecovery(testApp.app)).toMatchObject({ rolledBack: 0, paid: 0 });
  });

  it('tombstones a bet that never arrived, so it cannot be applied later', async () => {
    const { context, memberId, honest } = await contextLosing({ bet: 'lost' });
    await expect(play.spin(context, { requestId: requestId(), bet: '10.00' })).rejects.toThrow(
      /before the wallet/,
    );
    await age(memberId);
    expect(await runBgsRecovery(testApp.app)).toMatchObject({ rolledBack: 1 });
    const round = await roundOf(memberId);
    // The bet sent now (a very late retry reaching the wallet) is refused: the rollback came first.
    const late = await honest.wallet.bet(
      {
        merchantCode: 'demo',
        memberId,
        currency: 'THB',
        currencyDecimals: 2,
        sessionToken: honest.sessionToken,
      },
      {
        transactionId: `${round.round_id}:bet`,
        roundId: round.round_id,
        gameCode: 'bgs-slot',
        amount: '10.00',
        roundClosed: false,
      },
    );
    expect(late).toMatchObject({ kind: 'refused', code: 'bet_rolled_back' });
    expect(await balanceOf(memberId)).toBe(100_000n);
  });

  it.each(['applied', 'lost'] as const)(
    'pays a win %s before its answer was lost, exactly once',
    async (lost) => {
      // Spin until a round wins (about one spin in three), each losing spin settled normally.
      const { context, memberId } = await contextLosing({ win: lost });
      let paidMinor = 0n;
      for (let attempt = 0; attempt < 60 && paidMinor === 0n; attempt += 1) {
        try {
          await play.spin(context, { requestId: requestId(), bet: '1.00' });
        } catch {
          paidMinor = (
            await testApp.database.db
              .selectFrom('bgs_rounds')
              .select('payout_minor')
              .where('member_id', '=', memberId)
              .where('status', '=', 'paying')
              .executeTakeFirstOrThrow()
          ).payout_minor;
        }
      }
      expect(paidMinor).toBeGreaterThan(0n);
      const before = await balanceOf(memberId);
      await age(memberId);
      expect(await runBgsRecovery(testApp.app)).toMatchObject({ paid: 1, failed: 0 });
      // A win that had arrived is sent again and applied once; one that had not arrives now.
      expect(await balanceOf(memberId)).toBe(lost === 'applied' ? before : before + paidMinor);
      expect(await runBgsRecovery(testApp.app)).toMatchObject({ paid: 0 });
      const stuck = await testApp.database.db
        .selectFrom('bgs_rounds')
        .select('round_id')
        .where('member_id', '=', memberId)
        .where('status', '<>', 'settled')
        .execute();
      expect(stuck).toEqual([]);
    },
  );
});
