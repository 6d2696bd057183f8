import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { DB } from '../../db/schema';

/**
 * The rollup test's reference (decision 0028): every figure computed directly from the ledger's
 * transfers and the game rounds, and the comparison with what the rollup job wrote.
 */

export interface Figures {
  deposit_count: number;
  deposit_minor: bigint;
  withdrawal_count: number;
  withdrawal_minor: bigint;
  bet_count: number;
  bet_minor: bigint;
  valid_bet_minor: bigint;
  payout_minor: bigint;
  bonus_minor: bigint;
  profit_minor: bigint;
  first_deposits: number;
}

export const zero = (): Figures => ({
  deposit_count: 0,
  deposit_minor: 0n,
  withdrawal_count: 0,
  withdrawal_minor: 0n,
  bet_count: 0,
  bet_minor: 0n,
  valid_bet_minor: 0n,
  payout_minor: 0n,
  bonus_minor: 0n,
  profit_minor: 0n,
  first_deposits: 0,
});

/**
 * The figures computed directly: money from the ledger's transfers of each kind, bets from the game
 * rounds (stakes, refunds, wins) by vendor and game type: a second, independent path to every number.
 */
export async function expectedFigures(db: Kysely<DB>, memberIds: number[]): Promise<Map<string, Figures>> {
  const result = new Map<string, Figures>();
  const at = (memberId: number, vendor = '', type = '') => {
    const key = `${memberId}|${vendor}|${type}`;
    let figures = result.get(key);
    if (!figures) result.set(key, (figures = zero()));
    return figures;
  };
  const money = await db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .leftJoin('ledger_transfers as r', 'r.id', 't.reverses_transfer_id')
    .leftJoin('ledger_transfers as h', 'h.id', 't.settles_hold_id')
    .leftJoin('ledger_accounts as hd', 'hd.id', 'h.debit_account_id')
    .select([
      't.id',
      't.kind',
      't.amount_minor',
      'c.member_id as to',
      'd.member_id as from',
      'r.kind as reversed',
      'hd.member_id as holder',
      'c.kind as credit_kind',
    ])
    .where('t.kind', 'in', ['deposit', 'bonus', 'withdrawal', 'reversal'])
    .orderBy('t.id')
    .execute();
  const firstDeposit = new Set<number>();
  for (const row of money) {
    if (row.kind === 'deposit' && row.to !== null) {
      at(row.to).deposit_count += 1;
      at(row.to).deposit_minor += row.amount_minor;
      if (!firstDeposit.has(row.to)) {
        firstDeposit.add(row.to);
        at(row.to).first_deposits += 1;
      }
    } else if (row.kind === 'bonus' && row.to !== null) {
      at(row.to).bonus_minor += row.amount_minor;
    } else if (
      row.kind === 'withdrawal' &&
      row.credit_kind === 'withdrawal_clearing' &&
      row.holder !== null
    ) {
      at(row.holder).withdrawal_count += 1;
      at(row.holder).withdrawal_minor += row.amount_minor;
    } else if (row.kind === 'reversal' && row.reversed === 'deposit' && row.from !== null) {
      at(row.from).deposit_count -= 1;
      at(row.from).deposit_minor -= row.amount_minor;
    }
  }
  const rounds = await db
    .selectFrom('game_rounds as r')
    .innerJoin('games as g', (join) =>
      join.onRef('g.vendor_code', '=', 'r.vendor_code').onRef('g.game_code', '=', 'r.game_code'),
    )
    .select([
      'r.member_id',
      'r.vendor_code',
      'g.game_type',
      'r.bet_minor',
      'r.win_minor',
      'r.refund_minor',
      'r.bet_count',
    ])
    .where('r.member_id', 'in', memberIds)
    .execute();
  for (const round of rounds) {
    const figures = at(round.member_id, round.vendor_code, round.game_type);
    figures.bet_count += round.bet_count;
    figures.bet_minor += round.bet_minor;
    figures.valid_bet_minor += round.bet_minor - round.refund_minor;
    figures.payout_minor += round.win_minor;
    figures.profit_minor += round.win_minor + round.refund_minor - round.bet_minor;
  }
  return result;
}

/** Adds the figures of `row` (numbers or bigints) into `target`. */
function addInto(target: Figures, row: { [Name in keyof Figures]: number | bigint }) {
  const sums = target as unknown as Record<keyof Figures, number | bigint>;
  for (const name of Object.keys(target) as (keyof Figures)[]) {
    sums[name] =
      typeof sums[name] === 'bigint' ? sums[name] + BigInt(row[name]) : sums[name] + Number(row[name]);
  }
}

async function rolledUpFigures(db: Kysely<DB>, table: 'member_daily' | 'team_daily', owner: number) {
  const rows =
    table === 'member_daily'
      ? await db.selectFrom('member_daily').selectAll().where('member_id', '=', owner).execute()
      : await db.selectFrom('team_daily').selectAll().where('agent_id', '=', owner).execute();
  const result = new Map<string, Figures>();
  for (const row of rows) {
    const key = `${row.vendor_code}|${row.game_type}`;
    const figures = result.get(key) ?? zero();
    addInto(figures, row);
    result.set(key, figures);
  }
  return result;
}

/** Sums the expected figures of some accounts by vendor and game type (no row: all zero). */
export function sumOf(expected: Map<string, Figures>, memberIds: number[]) {
  const result = new Map<string, Figures>();
  for (const [key, figures] of expected) {
    const [memberId, vendor, type] = key.split('|');
    if (!memberIds.includes(Number(memberId))) continue;
    const target = result.get(`${vendor}|${type}`) ?? zero();
    addInto(target, figures);
    result.set(`${vendor}|${type}`, target);
  }
  return result;
}

/** Drops all-zero entries, so a rollup row of zeros and no row compare equal. */
function nonZero(figures: Map<string, Figures>) {
  const empty = JSON.stringify(zero(), (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  );
  return new Map(
    [...figures].filter(
      ([, value]) =>
        JSON.stringify(value, (_key, item: unknown) =>
          typeof item === 'bigint' ? item.toString() : item,
        ) !== empty,
    ),
  );
}

/** Every account's and every agent team's rolled-up figures equal the direct computation. */
export async function assertRollupsMatch(db: Kysely<DB>, ids: number[], agents: number[]) {
  const expected = await expectedFigures(db, ids);
  for (const id of ids) {
    expect(nonZero(await rolledUpFigures(db, 'member_daily', id)), `member ${id}`).toEqual(
      nonZero(sumOf(expected, [id])),
    );
  }
  for (const agentId of agents) {
    const team = (
      await db.selectFrom('agent_tree').select('descendant_id').where('ancestor_id', '=', agentId).execute()
    ).map((row) => row.descendant_id);
    expect(nonZero(await rolledUpFigures(db, 'team_daily', agentId)), `team of ${agentId}`).toEqual(
      nonZero(sumOf(expected, team)),
    );
  }
}
