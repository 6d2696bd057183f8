import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@portal/contracts';
import {
  assertBooksBalance,
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  type PaymentsKit,
} from '../../test/payments-kit';
import { rewardsClient } from '../../test/rewards-kit';
import { settleLeaderboards } from './leaderboards.service';

/**
 * Missions and leaderboards (decision 0030) from the rollups' figures: a mission is claimable once its
 * period's figure reaches the target, once per period; a leaderboard's closed periods pay their prizes
 * once, into the winners' bonus wallets. The day figures are written here as the rollup job writes them.
 */
let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
});
afterAll(async () => {
  await assertBooksBalance(kit);
  await kit.close();
});

const db = () => kit.testApp.database.db;
// Activities that started three days ago: their closed days are there to settle.
const {
  createActivity,
  activityOf,
  claim: claimFrom,
} = rewardsClient(() => ({ kit, ops }), {
  startsAgoMs: 3 * 86_400_000,
});
const claim = (token: string, id: string) => claimFrom(token, id);

/** A member's figures on the merchant day `daysAgo` days back, as the rollup job adds them. */
async function dayFigures(
  memberId: number,
  daysAgo: number,
  figures: { gameType?: string; validBetMinor?: bigint; betCount?: number; depositCount?: number },
) {
  await sql`
    insert into member_daily (merchant_id, member_id, day, vendor_code, game_type, bet_count, valid_bet_minor,
      deposit_count)
    select m.merchant_id, m.id, merchant_day(now() - make_interval(days => ${daysAgo}), x.gmt_offset_minutes),
      'BGS', ${figures.gameType ?? ''}, ${figures.betCount ?? 0}, ${figures.validBetMinor ?? 0n},
      ${figures.depositCount ?? 0}
    from members m join merchants x on x.id = m.merchant_id where m.id = ${memberId}
    on conflict (member_id, day, vendor_code, game_type) do update set
      bet_count = member_daily.bet_count + excluded.bet_count,
      valid_bet_minor = member_daily.valid_bet_minor + excluded.valid_bet_minor,
      deposit_count = member_daily.deposit_count + excluded.deposit_count`.execute(db());
}

describe('missions', () => {
  it('show their progress and are claimed once the target is reached, once per period', async () => {
    const id = await createActivity({
      rules: {
        kind: 'mission',
        period: 'day',
        metric: 'valid_bet',
        gameType: 'RNG',
        target: '100.00',
        reward: '3.00',
      },
      once: 'period',
    });
    const member = await loggedInMember(kit);
    expect(await activityOf(member.token, id)).toMatchObject({
      status: 'signed',
      action: null,
      progress: { current: '0.00', target: '100.00' },
    });
    expect((await claim(member.token, id)).body.code).toBe('activity_nothing_to_claim');
    // Live casino does not count towards a slots mission; yesterday does not count today.
    await dayFigures(member.memberId, 0, { gameType: 'LIVE', validBetMinor: 50_000n });
    await dayFigures(member.memberId, 1, { gameType: 'RNG', validBetMinor: 50_000n });
    await dayFigures(member.memberId, 0, { gameType: 'RNG', validBetMinor: 6_000n });
    expect((await activityOf(member.token, id)).progress).toEqual({ current: '60.00', target: '100.00' });
    await dayFigures(member.memberId, 0, { gameType: 'RNG', validBetMinor: 4_000n });
    expect(await activityOf(member.token, id)).toMatchObject({
      status: 'claim',
      action: 'claim',
      amount: '3.00',
    });
    const unread = await kit.call('GET', '/wps/relay/message_unreadCount', { token: member.token });
    expect(unread.body.value.missions).toBe(1);
    const [first, second] = await Promise.all([claim(member.token, id), claim(member.token, id)]);
    expect([first.body.value.replayed, second.body.value.replayed].sort()).toEqual([false, true]);
    expect((await activityOf(member.token, id)).status).toBe('claimed');
    const unreadAfter = await kit.call('GET', '/wps/relay/message_unreadCount', { token: member.token });
    expect(unreadAfter.body.value.missions).toBe(0);
  });

  it('count deposits whatever the game type, and refuse a fractional count target', async () => {
    const id = await createActivity({
      rules: {
        kind: 'mission',
        period: 'week',
        metric: 'deposit_count',
        gameType: null,
        target: '2',
        reward: '7.00',
      },
      once: 'period',
    });
    const member = await loggedInMember(kit);
    await dayFigures(member.memberId, 0, { depositCount: 2 });
    expect(await activityOf(member.token, id)).toMatchObject({
      status: 'claim',
      progress: { current: '2', target: '2' },
    });
    const bad = await kit.call('POST', '/ops/rewards/activities', {
      token: ops,
      body: {
        title: 'Half a deposit',
        startsAt: new Date().toISOString(),
        rules: {
          kind: 'mission',
          period: 'day',
          metric: 'deposit_count',
          gameType: null,
          target: '1.5',
          reward: '1.00',
        },
      },
    });
    expect(bad.body.code).toBe('invalid_amount');
  });
});

describe('leaderboards', () => {
  it('pay each closed period once, by valid bet, into the winners bonus wallets', async () => {
    const id = await createActivity({
      rules: { kind: 'leaderboard', period: 'day', metric: 'valid_bet', prizes: ['10.00', '5.00'] },
      wagering: { multiplier: 2, weights: {} },
      withdrawRule: 'forfeit',
    });
    const [a, b, c] = [await loggedInMember(kit), await loggedInMember(kit), await loggedInMember(kit)];
    // Well above what the missions above bet on the same days.
    await dayFigures(a.memberId, 1, { validBetMinor: 3_000_000n });
    await dayFigures(b.memberId, 1, { validBetMinor: 5_000_000n });
    await dayFigures(c.memberId, 1, { validBetMinor: 1_000_000n });
    await dayFigures(c.memberId, 0, { validBetMinor: 7_000_000n });

    // Nothing is paid before the rollups have caught up with a period's end.
    await sql`update rollup_cursors set caught_up_at = null where name = 'ledger'`.execute(db());
    expect(await settleLeaderboards(db(), new Date())).toBe(0);
    await sql`update rollup_cursors set caught_up_at = now() where name = 'ledger'`.execute(db());
    const runs = await Promise.all([
      settleLeaderboards(db(), new Date()),
      settleLeaderboards(db(), new Date()),
    ]);
    // Three closed days since the activity started, each settled by exactly one of the two runs.
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(3);
    expect(await settleLeaderboards(db(), new Date())).toBe(0);

    const prizes = await db()
      .selectFrom('reward_claims')
      .select(['member_id', 'amount_minor'])
      .where('activity_id', '=', BigInt(id))
      .orderBy('amount_minor', 'desc')
      .execute();
    expect(prizes).toEqual([
      { member_id: b.memberId, amount_minor: 1_000n },
      { member_id: a.memberId, amount_minor: 500n },
    ]);
    const wallet = await kit.call('GET', '/wps/rewards/bonuses', { token: b.token });
    expect(wallet.body.value).toMatchObject({ balance: '10.00', withdrawal: 'forfeits' });

    const view = (await kit.call('GET', `/wps/rewards/activities/${id}/leaderboard`, { token: c.token })).body
      .value as Leaderboard;
    expect(view.prizes).toEqual(['10.00', '5.00']);
    expect(view.entries[0]).toMatchObject({ rank: 1, figure: '70000.00', prize: '10.00', mine: true });
    expect(view.entries[0]!.player).toMatch(/^\w{2}\*\*\*\w$/);
    expect(view.me).toEqual({ rank: 1, figure: '70000.00' });
    expect(view.winners!.entries.map((entry) => [entry.rank, entry.figure, entry.prize])).toEqual([
      [1, '50000.00', '10.00'],
      [2, '30000.00', '5.00'],
    ]);
    const mine = (await kit.call('GET', `/wps/rewards/activities/${id}/leaderboard`, { token: a.token })).body
      .value as Leaderboard;
    expect(mine.me).toEqual({ rank: null, figure: '0.00' });
    expect((await activityOf(a.token, id)).status).toBe('signed');
    const other = await createActivity({ rules: { kind: 'sign_in', amounts: ['1.00'] } });
    expect(
      (await kit.call('GET', `/wps/rewards/activities/${other}/leaderboard`, { token: a.token })).body.code,
    ).toBe('activity_not_found');
  });
});
