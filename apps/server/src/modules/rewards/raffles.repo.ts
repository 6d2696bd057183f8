import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, RafflesTable, StoredRaffleEntry } from '../../db/schema';

/** The SQL of raffles (decision 0031): raffles, tickets from the rollups' day figures, winners. */

type Db = Kysely<DB> | Transaction<DB>;

const raffleColumns = [
  'r.id',
  'r.merchant_id',
  'r.title',
  'r.starts_at',
  'r.ends_at',
  'r.draw_at',
  'r.ticket_rule',
  'r.prizes',
  'r.seed',
  'r.seed_hash',
  'r.wagering_multiplier',
  'r.wagering_weights',
  'r.withdraw_rule',
  'r.drawn_at',
  'r.entries',
] as const;

export type RaffleRow = Awaited<ReturnType<typeof selectRaffles>>[number];

/** How long after its draw a raffle still shows in a player's list. */
const shownAfterDrawMs = 30 * 86_400_000;

/**
 * Raffles of the merchant: one by id, or those a player sees at `now` (not drawn more than 30 days ago;
 * at most 20, latest draw first), or every one for operators (at most 200, newest first).
 */
export async function selectRaffles(
  db: Db,
  merchantId: number,
  which: { id: bigint } | { now: Date } | { all: true },
) {
  let query = db.selectFrom('raffles as r').select(raffleColumns).where('r.merchant_id', '=', merchantId);
  if ('id' in which) query = query.where('r.id', '=', which.id);
  else if ('now' in which) {
    query = query
      .where('r.draw_at', '>', new Date(which.now.getTime() - shownAfterDrawMs))
      .orderBy('r.draw_at', 'desc')
      .limit(20);
  } else query = query.orderBy('r.id', 'desc').limit(200);
  return query.execute();
}

/** Raffles due for their draw: drawAt passed and the rollups cover their window (at most 20). */
export async function selectDueRaffles(db: Db, now: Date, rollupsCaughtUpAt: Date) {
  return db
    .selectFrom('raffles as r')
    .innerJoin('merchants as m', 'm.id', 'r.merchant_id')
    .select(['r.id', 'r.merchant_id', 'm.currency_code', 'm.currency_decimals', 'm.gmt_offset_minutes'])
    .where('r.drawn_at', 'is', null)
    .where('r.draw_at', '<=', now)
    .where('r.ends_at', '<=', rollupsCaughtUpAt)
    .orderBy('r.draw_at')
    .limit(20)
    .execute();
}

export async function insertRaffle(
  db: Db,
  values: Omit<Insertable<RafflesTable>, 'id' | 'created_at' | 'drawn_at' | 'entries'>,
): Promise<bigint> {
  const row = await db.insertInto('raffles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export interface DayFigures {
  member_id: number;
  username: string;
  valid_bet_minor: string;
  deposits: string;
}

/**
 * Each account's valid bet and deposits over the merchant days `firstDay`..`lastDay` (trial accounts
 * left out), in canonical order: account id ascending. With a member: that account's only.
 */
export async function selectDayFigures(
  db: Db,
  merchantId: number,
  firstDay: string,
  lastDay: string,
  memberId?: number,
): Promise<DayFigures[]> {
  const { rows } = await sql<DayFigures>`
    select d.member_id, m.username, sum(d.valid_bet_minor)::text as valid_bet_minor,
      sum(d.deposit_count)::text as deposits
    from member_daily d join members m on m.id = d.member_id
    where d.merchant_id = ${merchantId} and d.day between ${firstDay}::date and ${lastDay}::date
      and m.type <> 4 ${memberId === undefined ? sql`` : sql`and d.member_id = ${memberId}`}
    group by d.member_id, m.username
    order by d.member_id`.execute(db);
  return rows;
}

/** Marks the raffle drawn, once: false when it was drawn already (or is being drawn by another run). */
export async function markDrawn(trx: Transaction<DB>, raffleId: bigint): Promise<boolean> {
  const row = await trx
    .updateTable('raffles')
    .set({ drawn_at: new Date(), entries: '[]' as never })
    .where('id', '=', raffleId)
    .where('drawn_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function storeEntries(trx: Transaction<DB>, raffleId: bigint, entries: StoredRaffleEntry[]) {
  await trx
    .updateTable('raffles')
    .set({ entries: JSON.stringify(entries) as never })
    .where('id', '=', raffleId)
    .execute();
}

export async function insertWinner(
  trx: Transaction<DB>,
  winner: {
    raffle_id: bigint;
    rank: number;
    member_id: number;
    player: string;
    tickets: number;
    prize_minor: bigint;
    transfer_id: bigint;
  },
) {
  await trx.insertInto('raffle_winners').values(winner).execute();
}

/** The winners of the raffles, by raffle then rank. */
export async function selectWinners(db: Db, raffleIds: bigint[]) {
  if (raffleIds.length === 0) return [];
  return db
    .selectFrom('raffle_winners')
    .select(['raffle_id', 'rank', 'member_id', 'player', 'tickets', 'prize_minor'])
    .where('raffle_id', 'in', raffleIds)
    .orderBy('raffle_id')
    .orderBy('rank')
    .execute();
}

/** The ledger transfer a bonus grant was issued with. */
export async function grantTransferId(trx: Transaction<DB>, grantId: bigint): Promise<bigint> {
  const row = await trx
    .selectFrom('bonus_grants')
    .select('issue_transfer_id')
    .where('id', '=', grantId)
    .executeTakeFirstOrThrow();
  return row.issue_transfer_id;
}
