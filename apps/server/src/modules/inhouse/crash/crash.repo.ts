import { sql, type Kysely, type Transaction } from 'kysely';
import { crashGrowthPerMs, crashMaxMultiplier } from '@portal/contracts/bgs';
import type { CrashBetStatusColumn, DB } from '../../../db/schema';

/**
 * SQL of BGS Crash (migration 0035). Every time that decides something is the database's
 * clock_timestamp(), so two instances with different clocks agree on when bets close and when a round
 * crashed; every move of a round or a bet is a conditional UPDATE from the state it expects, so a step
 * repeated by a new leader or raced by a player's request happens once.
 */

type Executor = Kysely<DB> | Transaction<DB>;

// ---- Chains ----

export function selectActiveChain(db: Executor, merchantId: number) {
  return db
    .selectFrom('crash_chains')
    .select(['id', 'length', 'top_seed', 'hash', 'next_round'])
    .where('merchant_id', '=', merchantId)
    .where('exhausted_at', 'is', null)
    .executeTakeFirst();
}

export function lockActiveChain(trx: Transaction<DB>, merchantId: number) {
  return trx
    .selectFrom('crash_chains')
    .select(['id', 'length', 'top_seed', 'hash', 'next_round'])
    .where('merchant_id', '=', merchantId)
    .where('exhausted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** Publishes a chain unless the merchant has an active one (the partial unique index decides races). */
export async function insertChainIfNone(
  db: Executor,
  chain: { merchantId: number; length: number; topSeed: string; hash: string },
): Promise<void> {
  await db
    .insertInto('crash_chains')
    .values({
      merchant_id: chain.merchantId,
      length: chain.length,
      top_seed: chain.topSeed,
      hash: chain.hash,
    })
    .onConflict((conflict) => conflict.column('merchant_id').where('exhausted_at', 'is', null).doNothing())
    .execute();
}

export async function advanceChain(trx: Transaction<DB>, chainId: bigint, exhausted: boolean): Promise<void> {
  await trx
    .updateTable('crash_chains')
    .set({ next_round: sql`next_round + 1`, ...(exhausted ? { exhausted_at: new Date() } : {}) })
    .where('id', '=', chainId)
    .execute();
}

export function selectChain(db: Executor, chainId: bigint) {
  return db
    .selectFrom('crash_chains')
    .select(['id', 'length', 'top_seed', 'hash'])
    .where('id', '=', chainId)
    .executeTakeFirstOrThrow();
}

// ---- Rounds ----

const roundColumns = [
  'crash_rounds.id',
  'crash_rounds.round_id',
  'crash_rounds.merchant_id',
  'crash_rounds.chain_id',
  'crash_rounds.round_no',
  'crash_rounds.seed',
  'crash_rounds.crash_point',
  'crash_rounds.status',
  'crash_rounds.betting_ends_at',
  'crash_rounds.started_at',
  'crash_rounds.crash_at',
  'crash_rounds.crashed_at',
] as const;

function roundsWithChain(db: Executor) {
  return db
    .selectFrom('crash_rounds')
    .innerJoin('crash_chains', 'crash_chains.id', 'crash_rounds.chain_id')
    .select(roundColumns)
    .select(['crash_chains.hash as chain_hash', 'crash_chains.length as chain_length']);
}

export type CrashRoundRow = NonNullable<Awaited<ReturnType<typeof selectRound>>>;

export function selectRound(db: Executor, merchantId: number, roundId: string) {
  return roundsWithChain(db)
    .where('crash_rounds.merchant_id', '=', merchantId)
    .where('crash_rounds.round_id', '=', roundId)
    .executeTakeFirst();
}

export function selectRoundById(db: Executor, id: bigint) {
  return roundsWithChain(db).where('crash_rounds.id', '=', id).executeTakeFirstOrThrow();
}

/** The merchant's newest round (whatever its state). */
export function selectLatestRound(db: Executor, merchantId: number) {
  return roundsWithChain(db)
    .where('crash_rounds.merchant_id', '=', merchantId)
    .orderBy('crash_rounds.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The merchant's oldest round not yet settled (a leader resumes it first). */
export function selectUnfinishedRound(db: Executor, merchantId: number) {
  return roundsWithChain(db)
    .where('crash_rounds.merchant_id', '=', merchantId)
    .where('crash_rounds.status', '<>', 'settled')
    .orderBy('crash_rounds.id')
    .limit(1)
    .executeTakeFirst();
}

/** The last crashed rounds, newest first. */
export function selectHistory(db: Executor, merchantId: number, limit: number) {
  return db
    .selectFrom('crash_rounds')
    .select(['round_id', 'round_no', 'crash_point'])
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['crashed', 'settled'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function insertRound(
  trx: Transaction<DB>,
  round: {
    roundId: string;
    merchantId: number;
    chainId: bigint;
    roundNo: number;
    seed: string;
    crashPoint: number;
    bettingMs: number;
  },
): Promise<void> {
  await trx
    .insertInto('crash_rounds')
    .values({
      round_id: round.roundId,
      merchant_id: round.merchantId,
      chain_id: round.chainId,
      round_no: round.roundNo,
      seed: round.seed,
      crash_point: round.crashPoint,
      status: 'betting',
      betting_ends_at: sql<Date>`clock_timestamp() + ${round.bettingMs} * interval '1 millisecond'`,
    })
    .execute();
}

/** The database's clock now. */
export async function databaseNow(db: Executor): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select clock_timestamp() as now`.execute(db);
  return rows[0]!.now;
}

/**
 * Take-off: betting -> flying, the curve's time zero now and the crash `crashMs` later; false when the
 * round had already left betting (another leader did it).
 */
export async function takeOff(db: Executor, id: bigint, crashMs: number): Promise<boolean> {
  const result = await db
    .updateTable('crash_rounds')
    .set({
      status: 'flying',
      started_at: sql<Date>`clock_timestamp()`,
      crash_at: sql<Date>`clock_timestamp() + ${crashMs} * interval '1 millisecond'`,
    })
    .where('id', '=', id)
    .where('status', '=', 'betting')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** flying -> crashed once the crash time has come (by the database's clock). */
export async function markCrashed(db: Executor, id: bigint): Promise<boolean> {
  const result = await db
    .updateTable('crash_rounds')
    .set({ status: 'crashed', crashed_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('status', '=', 'flying')
    .where('crash_at', '<=', sql<Date>`clock_timestamp()`)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function markSettled(db: Executor, id: bigint): Promise<void> {
  await db
    .updateTable('crash_rounds')
    .set({ status: 'settled' })
    .where('id', '=', id)
    .where('status', '=', 'crashed')
    .execute();
}

// ---- Bets ----

const betColumns = [
  'crash_bets.id',
  'crash_bets.crash_round_id',
  'crash_bets.member_id',
  'crash_bets.request_id',
  'crash_bets.bet_minor',
  'crash_bets.auto_cashout',
  'crash_bets.cashout',
  'crash_bets.payout_minor',
  'crash_bets.status',
  'crash_bets.failure_code',
] as const;

function betsWithRound(db: Executor) {
  return db
    .selectFrom('crash_bets')
    .innerJoin('crash_rounds', 'crash_rounds.id', 'crash_bets.crash_round_id')
    .innerJoin('members', 'members.id', 'crash_bets.member_id')
    .select(betColumns)
    .select(['crash_rounds.round_id', 'members.username']);
}

export type CrashBetRow = NonNullable<Awaited<ReturnType<typeof selectBetByRequest>>>;

export function selectBetByRequest(db: Executor, memberId: number, requestId: string) {
  return betsWithRound(db)
    .where('crash_bets.member_id', '=', memberId)
    .where('crash_bets.request_id', '=', requestId)
    .executeTakeFirst();
}

export function selectBet(db: Executor, memberId: number, roundId: string) {
  return betsWithRound(db)
    .where('crash_bets.member_id', '=', memberId)
    .where('crash_rounds.round_id', '=', roundId)
    .executeTakeFirst();
}

export function selectBetById(db: Executor, id: bigint) {
  return betsWithRound(db).where('crash_bets.id', '=', id).executeTakeFirstOrThrow();
}

/** A round's bets as the players list shows them (placed or further), the biggest first. */
export function selectRoundPlayers(db: Executor, crashRoundId: bigint, limit: number) {
  return betsWithRound(db)
    .where('crash_bets.crash_round_id', '=', crashRoundId)
    .where('crash_bets.status', 'in', ['placed', 'cashing', 'won', 'lost'])
    .orderBy('crash_bets.bet_minor', 'desc')
    .orderBy('crash_bets.id')
    .limit(limit)
    .execute();
}

/**
 * Writes a bet (placing) in the round if it still takes bets by the database's clock. The round row is
 * read FOR SHARE, so take-off waits for this insert and this insert, once take-off is under way, sees the
 * round flying and writes nothing. Answers the new bet's id, or undefined when nothing was written
 * (closed, or this player's bet or request id already exists).
 */
export async function insertBet(
  db: Executor,
  bet: {
    roundId: string;
    merchantId: number;
    memberId: number;
    requestId: string;
    currency: string;
    betMinor: bigint;
    autoCashout: number | null;
  },
): Promise<bigint | undefined> {
  const { rows } = await sql<{ id: bigint }>`
    insert into crash_bets (crash_round_id, merchant_id, member_id, request_id, currency, bet_minor, auto_cashout, status)
    select r.id, ${bet.merchantId}, ${bet.memberId}, ${bet.requestId}, ${bet.currency}, ${bet.betMinor},
           ${bet.autoCashout}, 'placing'
      from crash_rounds r
     where r.round_id = ${bet.roundId} and r.merchant_id = ${bet.merchantId}
       and r.status = 'betting' and clock_timestamp() < r.betting_ends_at
       for share
    on conflict do nothing
    returning id`.execute(db);
  return rows[0]?.id;
}

/** Moves a bet from one status to the next; false when something else moved it first. */
export async function advanceBet(
  db: Executor,
  id: bigint,
  from: CrashBetStatusColumn,
  to: CrashBetStatusColumn,
  failureCode?: string,
): Promise<boolean> {
  const result = await db
    .updateTable('crash_bets')
    .set({ status: to, ...(failureCode ? { failure_code: failureCode } : {}), updated_at: new Date() })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

const multiplierSql = (elapsedMs: ReturnType<typeof sql>) =>
  sql<number>`least(${crashMaxMultiplier}, floor(100 * exp(${crashGrowthPerMs}::float8 * ${elapsedMs}))::integer)`;

/** Bets whose wins were paid: cashing -> won, all in one statement. */
export async function markWon(db: Executor, ids: bigint[]): Promise<void> {
  await db
    .updateTable('crash_bets')
    .set({ status: 'won', updated_at: new Date() })
    .where('id', 'in', ids)
    .where('status', '=', 'cashing')
    .execute();
}

/**
 * A manual cash-out at the multiplier of the database's clock now (or at the bet's auto target if the
 * curve already passed it): placed -> cashing, only while the round flies and before its crash time.
 * The row lock on the bet orders it against the leader's auto cash-out and its "lost" at the crash, so
 * exactly one of them wins. Answers the cashed bet (as selectBet reads it), or undefined when nothing moved.
 */
export async function cashOut(
  db: Executor,
  merchantId: number,
  memberId: number,
  roundId: string,
): Promise<CrashBetRow | undefined> {
  const elapsed = sql`floor(extract(epoch from (clock_timestamp() - r.started_at)) * 1000)`;
  const multiplier = sql<number>`least(r.crash_point, coalesce(b.auto_cashout, ${crashMaxMultiplier}), ${multiplierSql(elapsed)})`;
  const { rows } = await sql<CrashBetRow>`
    update crash_bets b
       set status = 'cashing', cashout = ${multiplier}, payout_minor = b.bet_minor * ${multiplier} / 100,
           updated_at = now()
      from crash_rounds r
     where r.id = b.crash_round_id and r.round_id = ${roundId} and r.merchant_id = ${merchantId}
       and b.member_id = ${memberId} and b.status = 'placed'
       and r.started_at is not null and clock_timestamp() < r.crash_at
    returning b.id, b.crash_round_id, b.member_id, b.request_id, b.bet_minor, b.auto_cashout, b.cashout,
              b.payout_minor, b.status, b.failure_code, r.round_id,
              (select m.username from members m where m.id = b.member_id) as username`.execute(db);
  return rows[0];
}

/**
 * The leader's auto cash-outs: every placed bet of the round whose target the curve has reached by the
 * database's clock (and never past the crash point) cashes out at its target. Answers the bets moved.
 */
export async function autoCashOuts(db: Executor, crashRoundId: bigint): Promise<bigint[]> {
  const elapsed = sql`floor(extract(epoch from (least(clock_timestamp(), r.crash_at) - r.started_at)) * 1000)`;
  const { rows } = await sql<{ id: bigint }>`
    update crash_bets b
       set status = 'cashing', cashout = b.auto_cashout, payout_minor = b.bet_minor * b.auto_cashout / 100,
           updated_at = now()
      from crash_rounds r
     where r.id = b.crash_round_id and r.id = ${crashRoundId} and b.status = 'placed'
       and r.started_at is not null and b.auto_cashout is not null
       and b.auto_cashout <= r.crash_point
       and (b.auto_cashout <= ${multiplierSql(elapsed)} or r.crash_at <= clock_timestamp())
    returning b.id`.execute(db);
  return rows.map((row) => row.id);
}

/** At the crash: every bet still placed lost. */
export async function markLost(db: Executor, crashRoundId: bigint): Promise<number> {
  const result = await db
    .updateTable('crash_bets')
    .set({ status: 'lost', updated_at: new Date() })
    .where('crash_round_id', '=', crashRoundId)
    .where('status', '=', 'placed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** At take-off: bets whose wallet answer is still outstanding are claimed for a rollback. */
export async function claimPlacingBets(db: Executor, crashRoundId: bigint): Promise<number> {
  const result = await db
    .updateTable('crash_bets')
    .set({ status: 'voiding', updated_at: new Date() })
    .where('crash_round_id', '=', crashRoundId)
    .where('status', '=', 'placing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many of the round's bets are still placing (their bet call outstanding). */
export async function countPlacing(db: Executor, crashRoundId: bigint): Promise<number> {
  const row = await db
    .selectFrom('crash_bets')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('crash_round_id', '=', crashRoundId)
    .where('status', '=', 'placing')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The round's bets with an outstanding call: cashing (a win to send) or voiding (a rollback to send). */
export function selectUnfinishedBets(db: Executor, crashRoundId: bigint) {
  return betsWithRound(db)
    .where('crash_bets.crash_round_id', '=', crashRoundId)
    .where('crash_bets.status', 'in', ['cashing', 'voiding', 'placing', 'placed'])
    .orderBy('crash_bets.id')
    .execute();
}

// ---- Activity ----

/** Notes that the merchant's crash page is open (written at most every 10 s). */
export async function touchActivity(db: Executor, merchantId: number): Promise<void> {
  await sql`
    insert into crash_activity (merchant_id, seen_at) values (${merchantId}, now())
    on conflict (merchant_id) do update set seen_at = excluded.seen_at
     where crash_activity.seen_at < now() - interval '10 seconds'`.execute(db);
}

/** Merchants whose crash page was open in the last `withinMs`, or that have a round to finish. */
export async function selectActiveMerchants(db: Executor, withinMs: number): Promise<number[]> {
  const { rows } = await sql<{ merchant_id: number }>`
    select merchant_id from crash_activity where seen_at > now() - ${withinMs} * interval '1 millisecond'
    union
    select distinct merchant_id from crash_rounds where status <> 'settled'`.execute(db);
  return rows.map((row) => row.merchant_id);
}
