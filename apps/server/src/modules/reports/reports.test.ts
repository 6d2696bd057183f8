import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killAfter } from '../../test/killed-child';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { rollUpLedger } from '../agents';
import { openGameSession } from '../seamless/seamless.service';
import { signedHeaders } from '../seamless/signature';
import { hold, playerAccount, settleHold, systemAccount, transfer } from '../wallet/ledger.service';
import { rollUpMerchantFigures } from './report-rollup.service';

/**
 * The operator reports against the books (issue 16): bets, wins, rollbacks, deposits, a withdrawal, a
 * bonus and an adjustment through the real ledger and seamless wallet on two days of the merchant's
 * calendar (UTC+7), the transfers' instants set to those days before the rollups run (the ledger stamps
 * the clock; the append-only trigger is lifted for that one update). Each report's figures are checked
 * by hand, a bet 30 seconds after local midnight lands on the next day, the CSV says what the JSON says,
 * and the rollup is exactly once under two runners at once and a runner killed mid-run.
 */
let kit: PaymentsKit;
let token: string;
const secrets = new Map<string, string>();
let games: { vendorCode: string; gameCode: string; gameType: string }[] = [];
const db = () => kit.testApp.database.db;

const day1 = '2031-03-10';
const day2 = '2031-03-11';
/** A local (UTC+7) wall-clock time of a day as an instant. */
const local = (day: string, time: string) => new Date(`${day}T${time}+07:00`);

beforeAll(async () => {
  kit = await startPaymentsKit();
  token = await operatorToken(kit);
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
  // Two games of different vendors and game types when the catalogue has them.
  const first = rows[0]!;
  const second =
    rows.find((row) => row.vendor_code !== first.vendor_code && row.game_type !== first.game_type) ??
    rows.find((row) => row.game_type !== first.game_type)!;
  games = [first, second].map((row) => ({
    vendorCode: row.vendor_code,
    gameCode: row.game_code,
    gameType: row.game_type,
  }));
}, 30_000);
afterAll(async () => kit.close());

let sequence = 0;
const key = () => `reports-test:${process.pid}:${(sequence += 1)}`;

/** A player registered at an instant (the placement trigger counts the registration on its day). */
async function register(at: Date) {
  const name = `rep${process.pid}x${(sequence += 1)}`;
  const row = await db()
    .insertInto('members')
    .values({
      merchant_id: kit.merchantId,
      username: name,
      username_key: name,
      password_hash: 'not-for-login',
      type: 0,
      profile: JSON.stringify({}),
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sessions = new Map<string, string>();
  for (const game of games) {
    sessions.set(
      game.vendorCode,
      await openGameSession(db(), {
        merchantId: kit.merchantId,
        memberId: row.id,
        vendorCode: game.vendorCode,
      }),
    );
  }
  return { id: row.id, sessions };
}
type Player = Awaited<ReturnType<typeof register>>;

async function deposit(player: Player, amountMinor: bigint) {
  await transfer(db(), {
    debit: systemAccount(kit.merchantId, 'THB', 'deposit_clearing', player.id),
    credit: playerAccount(kit.merchantId, 'THB', player.id),
    amountMinor,
    kind: 'deposit',
    idempotencyKey: key(),
  });
}

async function seamless(path: 'bet' | 'win' | 'rollback', vendorCode: string, body: Record<string, unknown>) {
  const payload = JSON.stringify({ merchantCode: 'demo', currency: 'THB', ...body });
  const reply = await kit.testApp.app.inject({
    method: 'POST',
    url: `/vendor/v1/seamless/${path}`,
    payload,
    headers: signedHeaders(vendorCode, secrets.get(vendorCode)!, payload),
  });
  const answer = reply.json<{ success: boolean; code?: string }>();
  expect(answer.success, `${path}: ${JSON.stringify(answer)}`).toBe(true);
}

/** A round: a bet, then a win, a rollback or nothing (lost). */
async function play(
  player: Player,
  game: number,
  bet: string,
  outcome: { win?: string; rollback?: boolean } = {},
) {
  const { vendorCode, gameCode } = games[game]!;
  const round = key();
  const base = { playerId: String(player.id), gameCode, roundId: round };
  await seamless('bet', vendorCode, {
    ...base,
    sessionToken: player.sessions.get(vendorCode),
    amount: bet,
    transactionId: `${round}:bet`,
  });
  if (outcome.win)
    await seamless('win', vendorCode, { ...base, amount: outcome.win, transactionId: `${round}:win` });
  if (outcome.rollback) {
    await seamless('rollback', vendorCode, {
      ...base,
      amount: bet,
      transactionId: `${round}:rollback`,
      betTransactionId: `${round}:bet`,
    });
  }
}

async function lastTransferId(): Promise<bigint> {
  const row = await db()
    .selectFrom('ledger_transfers')
    .select(sql<bigint>`coalesce(max(id), 0)::bigint`.as('id'))
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sets the instant of every transfer after `afterId` (the test's stand-in for a clock on that day). */
async function stamp(afterId: bigint, at: Date) {
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`alter table ledger_transfers disable trigger ledger_transfers_append_only`.execute(trx);
      await sql`update ledger_transfers set created_at = ${at} where id > ${afterId}`.execute(trx);
      await sql`alter table ledger_transfers enable trigger ledger_transfers_append_only`.execute(trx);
    });
}

/** Runs `work`, then moves what it wrote to the ledger to the instant `at`. */
async function on(at: Date, work: () => Promise<void>) {
  const before = await lastTransferId();
  await work();
  await stamp(before, at);
}

const report = async (path: string, query: string) => {
  const reply = await kit.call('GET', `/ops/reports/${path}?${query}`, { token });
  expect(reply.body.success, `${path}: ${JSON.stringify(reply.body)}`).toBe(true);
  return reply.body.value;
};

describe('the operator reports', () => {
  let a: Player;
  let b: Player;
  let c: Player;

  beforeAll(async () => {
    a = await register(local(day1, '10:00:00'));
    b = await register(local(day1, '11:00:00'));
    c = await register(local(day2, '09:00:00'));
    await on(local(day1, '10:05:00'), async () => {
      await deposit(a, 100_000n);
      await deposit(b, 50_000n);
    });
    await on(local(day1, '12:00:00'), async () => {
      await play(a, 0, '100.00', { win: '250.00' });
      await play(b, 1, '40.00');
      await play(b, 1, '30.00', { rollback: true });
      await transfer(db(), {
        debit: systemAccount(kit.merchantId, 'THB', 'bonus', a.id),
        credit: playerAccount(kit.merchantId, 'THB', a.id),
        amountMinor: 2_000n,
        kind: 'bonus',
        idempotencyKey: key(),
      });
      const held = await hold(db(), {
        debit: playerAccount(kit.merchantId, 'THB', a.id),
        amountMinor: 30_000n,
        kind: 'withdrawal_hold',
        idempotencyKey: key(),
      });
      await settleHold(db(), {
        merchantId: kit.merchantId,
        holdTransferId: held.transferId,
        outcome: 'post',
        credit: systemAccount(kit.merchantId, 'THB', 'withdrawal_clearing', a.id),
        kind: 'withdrawal',
        idempotencyKey: key(),
      });
    });
    // Thirty seconds either side of local midnight (16:59:30 and 17:00:30 UTC, one UTC day).
    await on(local(day1, '23:59:30'), () => play(a, 0, '10.00'));
    await on(local(day2, '00:00:30'), () => play(a, 0, '5.00'));
    await on(local(day2, '09:30:00'), async () => {
      await deposit(c, 20_000n);
      await deposit(a, 10_000n);
      await play(c, 0, '50.00', { win: '20.00' });
      await transfer(db(), {
        debit: systemAccount(kit.merchantId, 'THB', 'adjustment', b.id),
        credit: playerAccount(kit.merchantId, 'THB', b.id),
        amountMinor: 1_500n,
        kind: 'adjustment',
        idempotencyKey: key(),
      });
    });
    // A settled dividend period ending at day 2's end, and a daily salary of day 1.
    await db()
      .insertInto('agent_settlements')
      .values([
        {
          merchant_id: kit.merchantId,
          kind: 'dailySalary',
          period_key: `day:${day1}@UTC+7`,
          period_start: local(day1, '00:00:00'),
          period_end: local(day2, '00:00:00'),
          agents: 3,
          total_minor: 12_345n,
        },
        {
          merchant_id: kit.merchantId,
          kind: 'dividend',
          period_key: `day:${day2}@UTC+7`,
          period_start: local(day2, '00:00:00'),
          period_end: local('2031-03-12', '00:00:00'),
          agents: 1,
          total_minor: 50_000n,
        },
      ])
      .execute();
    await rollUpLedger(db());
    await rollUpMerchantFigures(db());
  }, 60_000);

  const period = `from=${day1}&to=${day2}`;

  it('give GGR and NGR by day, a bet after local midnight on the next day', async () => {
    const value = await report('revenue', period);
    expect(value.period).toMatchObject({ from: day1, to: day2, timeZone: 'UTC+7', days: 2 });
    expect(value.rows.items).toEqual([
      // 100 + 40 + 30 (rolled back) + 10 at 23:59:30; 250 won; a 20.00 bonus.
      {
        day: day1,
        betCount: 4,
        bets: '150.00',
        wins: '250.00',
        ggr: '-100.00',
        bonuses: '20.00',
        adjustments: '0.00',
        ngr: '-120.00',
      },
      // 5 at 00:00:30 and 50; 20 won; a 15.00 adjustment.
      {
        day: day2,
        betCount: 2,
        bets: '55.00',
        wins: '20.00',
        ggr: '35.00',
        bonuses: '0.00',
        adjustments: '15.00',
        ngr: '20.00',
      },
    ]);
    expect(value.totals).toEqual({
      betCount: 6,
      bets: '205.00',
      wins: '270.00',
      ggr: '-65.00',
      bonuses: '20.00',
      adjustments: '15.00',
      ngr: '-100.00',
    });
    expect(value.chart).toHaveLength(2);
    const sorted = await report('revenue', `${period}&sort=ggr&order=desc&pageSize=1`);
    expect(sorted.rows).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ day: day2 }] });
  });

  it('give bets, wins and GGR by vendor and by game type', async () => {
    const expected = new Map<string, { betCount: number; bets: number; wins: number }>();
    const add = (
      game: number,
      by: 'vendorCode' | 'gameType',
      bets: number,
      wins: number,
      betCount: number,
    ) => {
      const name = games[game]![by];
      const row = expected.get(`${by}:${name}`) ?? { betCount: 0, bets: 0, wins: 0 };
      expected.set(`${by}:${name}`, {
        betCount: row.betCount + betCount,
        bets: row.bets + bets,
        wins: row.wins + wins,
      });
    };
    for (const by of ['vendorCode', 'gameType'] as const) {
      add(0, by, 100 + 10 + 5 + 50, 250 + 20, 4);
      add(1, by, 40, 0, 2);
    }
    for (const by of ['vendor', 'gameType'] as const) {
      const value = await report('games', `${period}&by=${by}`);
      const field = by === 'vendor' ? 'vendorCode' : 'gameType';
      const want = [...expected]
        .filter(([name]) => name.startsWith(`${field}:`))
        .map(([name, row]) => ({
          key: name.slice(field.length + 1),
          betCount: row.betCount,
          bets: row.bets.toFixed(2),
          wins: row.wins.toFixed(2),
          ggr: (row.bets - row.wins).toFixed(2),
        }));
      expect(value.rows.items).toEqual(expect.arrayContaining(want));
      expect(value.rows.items).toHaveLength(want.length);
      expect(value.totals).toEqual({ betCount: 6, bets: '205.00', wins: '270.00', ggr: '-65.00' });
    }
  });

  it('give deposits and withdrawals by day', async () => {
    const value = await report('payments', period);
    expect(value.rows.items).toEqual([
      {
        day: day1,
        depositCount: 2,
        deposits: '1500.00',
        withdrawalCount: 1,
        withdrawals: '300.00',
        net: '1200.00',
      },
      {
        day: day2,
        depositCount: 2,
        deposits: '300.00',
        withdrawalCount: 0,
        withdrawals: '0.00',
        net: '300.00',
      },
    ]);
  });

  it('give new, active and depositing players by day', async () => {
    const value = await report('players', period);
    expect(value.rows.items).toEqual([
      { day: day1, registered: 2, active: 2, depositing: 2, firstDeposits: 2, repeatDepositing: 0 },
      { day: day2, registered: 1, active: 2, depositing: 2, firstDeposits: 1, repeatDepositing: 1 },
    ]);
  });

  it('give agent payouts by the day their period ended', async () => {
    const value = await report('agent-payouts', period);
    expect(value.rows.items).toEqual([
      {
        day: day1,
        records: 3,
        dailySalary: '123.45',
        hourlySalary: '0.00',
        realtimeSalary: '0.00',
        dividend: '0.00',
        total: '123.45',
      },
      {
        day: day2,
        records: 1,
        dailySalary: '0.00',
        hourlySalary: '0.00',
        realtimeSalary: '0.00',
        dividend: '500.00',
        total: '500.00',
      },
    ]);
  });

  it('export CSV files that say what the JSON says', async () => {
    const value = await report('revenue', `${period}&sort=ngr&order=desc`);
    const reply = await kit.testApp.app.inject({
      method: 'GET',
      url: `/ops/reports/revenue.csv?${period}&sort=ngr&order=desc`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/csv');
    expect(reply.headers['content-disposition']).toContain(`revenue-${day1}-${day2}.csv`);
    const lines = reply.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('day,bet count,bets,wins,GGR,bonuses,adjustments,NGR');
    expect(lines.slice(1)).toEqual(
      value.rows.items.map((row: Record<string, unknown>) =>
        [row.day, row.betCount, row.bets, row.wins, row.ggr, row.bonuses, row.adjustments, row.ngr].join(','),
      ),
    );
    const second = {
      games: 'betCount',
      payments: 'depositCount',
      players: 'registered',
      'agent-payouts': 'records',
    };
    for (const [name, field] of Object.entries(second)) {
      const json = await report(name, period);
      const csv = await kit.testApp.app.inject({
        method: 'GET',
        url: `/ops/reports/${name}.csv?${period}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const rows = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .slice(1);
      expect(rows.map((line) => line.split(',')[1])).toEqual(
        json.rows.items.map((row: Record<string, unknown>) => String(row[field])),
      );
    }
  });

  it('refuse a reversed or too long period and a malformed date, naming the field', async () => {
    const reversed = await kit.call('GET', `/ops/reports/revenue?from=${day2}&to=${day1}`, { token });
    expect(reversed.status).toBe(400);
    expect(reversed.body.code).toBe('invalid_range');
    const long = await kit.call('GET', '/ops/reports/payments?from=2031-01-01&to=2031-06-01', { token });
    expect(long.body.code).toBe('invalid_range');
    const malformed = await kit.call('GET', '/ops/reports/players?from=2031-02-30', { token });
    expect(malformed.body.code).toBe('invalid_date');
  });
});

/** Every figure merchant_daily holds for the merchant, summed over all days. */
async function rolledUpTotals() {
  const row = await db()
    .selectFrom('merchant_daily')
    .select([
      sql<string>`sum(bet_count)::text`.as('bet_count'),
      sql<string>`sum(bet_minor)::text`.as('bet_minor'),
      sql<string>`sum(refund_minor)::text`.as('refund_minor'),
      sql<string>`sum(win_minor)::text`.as('win_minor'),
      sql<string>`sum(deposit_count)::text`.as('deposit_count'),
      sql<string>`sum(deposit_minor)::text`.as('deposit_minor'),
    ])
    .where('merchant_id', '=', kit.merchantId)
    .executeTakeFirstOrThrow();
  return row;
}

/** The same totals computed straight from the ledger (no reversals in these tests' movements). */
async function ledgerTotals() {
  const { rows } = await sql<Record<string, string>>`
    select
      count(*) filter (where t.kind = 'bet' and t.idempotency_key not like '%#bonus')::text as bet_count,
      coalesce(sum(t.amount_minor) filter (where t.kind = 'bet'), 0)::text as bet_minor,
      coalesce(sum(t.amount_minor) filter (where t.kind = 'rollback'), 0)::text as refund_minor,
      coalesce(sum(t.amount_minor) filter (where t.kind = 'win'), 0)::text as win_minor,
      count(*) filter (where t.kind = 'deposit')::text as deposit_count,
      coalesce(sum(t.amount_minor) filter (where t.kind = 'deposit'), 0)::text as deposit_minor
    from ledger_transfers t where t.merchant_id = ${kit.merchantId}`.execute(db());
  return rows[0]!;
}

describe('the reports rollup', () => {
  async function busyDay(count: number) {
    for (let index = 0; index < count; index += 1) {
      const player = await register(new Date());
      await deposit(player, 10_000n);
      await play(
        player,
        index % 2,
        '12.34',
        index % 3 === 0 ? { win: '7.00' } : { rollback: index % 3 === 1 },
      );
    }
  }

  it('counts every transfer once with two runners at once', async () => {
    await busyDay(8);
    await Promise.all([
      rollUpMerchantFigures(db(), { batchSize: 5 }),
      rollUpMerchantFigures(db(), { batchSize: 7 }),
    ]);
    await rollUpMerchantFigures(db());
    expect(await rolledUpTotals()).toEqual(await ledgerTotals());
  });

  it('loses and doubles nothing when a runner is killed mid-run', async () => {
    await busyDay(8);
    await killAfter('apps/server/src/test/report-rollup-child.ts', [kit.testApp.database.url], 'batch', 4);
    await rollUpMerchantFigures(db());
    expect(await rolledUpTotals()).toEqual(await ledgerTotals());
    const cursor = await db()
      .selectFrom('rollup_cursors')
      .select(['caught_up_at'])
      .where('name', '=', 'reports')
      .executeTakeFirstOrThrow();
    expect(cursor.caught_up_at).not.toBeNull();
  }, 60_000);
});
