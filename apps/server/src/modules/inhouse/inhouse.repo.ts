import { sql, type Kysely, type Transaction } from 'kysely';
import { selectPage, type PageRequest } from '../../db/paging';
import type { BgsRoundStatusColumn, DB } from '../../db/schema';

/** SQL of the in-house games: game sessions, seeds and rounds. */

type Executor = Kysely<DB> | Transaction<DB>;

/** The live BGS game session with this token hash, if any. */
export function selectGameSession(db: Kysely<DB>, tokenHash: string, vendorCode: string) {
  return db
    .selectFrom('game_sessions')
    .select(['merchant_id', 'member_id'])
    .where('token_hash', '=', tokenHash)
    .where('vendor_code', '=', vendorCode)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** The catalogue's names of the in-house vendor's games, by game code (the one name each game has). */
export async function selectGameNames(db: Kysely<DB>, vendorCode: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('games')
    .select(['game_code', 'display_name'])
    .where('vendor_code', '=', vendorCode)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.game_code, row.display_name]));
}

const seedColumns = ['id', 'server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'] as const;

/** Creates the member's active seed unless one exists (the partial unique index decides races). */
export async function insertSeedIfNone(
  db: Executor,
  seed: {
    merchantId: number;
    memberId: number;
    serverSeed: string;
    serverSeedHash: string;
    clientSeed: string;
  },
): Promise<void> {
  await db
    .insertInto('bgs_seeds')
    .values({
      merchant_id: seed.merchantId,
      member_id: seed.memberId,
      server_seed: seed.serverSeed,
      server_seed_hash: seed.serverSeedHash,
      client_seed: seed.clientSeed,
    })
    .onConflict((conflict) => conflict.column('member_id').where('revealed_at', 'is', null).doNothing())
    .execute();
}

/** The member's active seed, locked for this transaction (nonces are handed out under this lock). */
export function selectActiveSeedForUpdate(trx: Transaction<DB>, memberId: number) {
  return trx
    .selectFrom('bgs_seeds')
    .select(seedColumns)
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** The member's active seed without a lock (reads). */
export function selectActiveSeed(db: Executor, memberId: number) {
  return db
    .selectFrom('bgs_seeds')
    .select(seedColumns)
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
}

export async function updateClientSeed(
  trx: Transaction<DB>,
  seedId: bigint,
  clientSeed: string,
): Promise<void> {
  await trx.updateTable('bgs_seeds').set({ client_seed: clientSeed }).where('id', '=', seedId).execute();
}

export async function incrementNonce(trx: Transaction<DB>, seedId: bigint): Promise<void> {
  await trx
    .updateTable('bgs_seeds')
    .set({ next_nonce: sql`next_nonce + 1` })
    .where('id', '=', seedId)
    .execute();
}

export async function markSeedRevealed(trx: Transaction<DB>, seedId: bigint): Promise<void> {
  await trx.updateTable('bgs_seeds').set({ revealed_at: new Date() }).where('id', '=', seedId).execute();
}

const roundColumns = [
  'bgs_rounds.id',
  'bgs_rounds.round_id',
  'bgs_rounds.member_id',
  'bgs_rounds.game_code',
  'bgs_rounds.request_id',
  'bgs_rounds.seed_id',
  'bgs_rounds.client_seed',
  'bgs_rounds.nonce',
  'bgs_rounds.currency',
  'bgs_rounds.bet_minor',
  'bgs_rounds.payout_minor',
  'bgs_rounds.params',
  'bgs_rounds.outcome',
  'bgs_rounds.reveals',
  'bgs_rounds.status',
  'bgs_rounds.failure_code',
  'bgs_rounds.created_at',
] as const;

/** A round with its seed's hash, and the seed itself once revealed. */
function roundsWithSeed(db: Executor) {
  return db
    .selectFrom('bgs_rounds')
    .innerJoin('bgs_seeds', 'bgs_seeds.id', 'bgs_rounds.seed_id')
    .select(roundColumns)
    .select([
      'bgs_seeds.server_seed_hash',
      sql<string | null>`case when bgs_seeds.revealed_at is null then null else bgs_seeds.server_seed end`.as(
        'revealed_server_seed',
      ),
    ]);
}

export type RoundRow = NonNullable<Awaited<ReturnType<typeof selectRoundByRequest>>>;

export function selectRoundByRequest(db: Executor, memberId: number, requestId: string) {
  return roundsWithSeed(db)
    .where('bgs_rounds.member_id', '=', memberId)
    .where('bgs_rounds.request_id', '=', requestId)
    .executeTakeFirst();
}

export function selectRound(db: Executor, memberId: number, roundId: string) {
  return roundsWithSeed(db)
    .where('bgs_rounds.member_id', '=', memberId)
    .where('bgs_rounds.round_id', '=', roundId)
    .executeTakeFirst();
}

/** Locks the member's round (mines moves are serial per round). */
export async function lockRound(trx: Transaction<DB>, memberId: number, roundId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('bgs_rounds')
    .select('id')
    .where('member_id', '=', memberId)
    .where('round_id', '=', roundId)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's unfinished mines round, if any. */
export function selectLiveMinesRound(db: Executor, memberId: number) {
  return roundsWithSeed(db)
    .where('bgs_rounds.member_id', '=', memberId)
    .where('bgs_rounds.game_code', '=', 'bgs-mines')
    .where('bgs_rounds.status', 'in', ['betting', 'open', 'paying'])
    .executeTakeFirst();
}

export async function insertRound(
  trx: Transaction<DB>,
  round: {
    roundId: string;
    merchantId: number;
    memberId: number;
    gameCode: string;
    requestId: string;
    seedId: bigint;
    clientSeed: string;
    nonce: number;
    currency: string;
    betMinor: bigint;
    payoutMinor: bigint;
    params: object;
    outcome: object;
  },
): Promise<void> {
  await trx
    .insertInto('bgs_rounds')
    .values({
      round_id: round.roundId,
      merchant_id: round.merchantId,
      member_id: round.memberId,
      game_code: round.gameCode,
      request_id: round.requestId,
      seed_id: round.seedId,
      client_seed: round.clientSeed,
      nonce: round.nonce,
      currency: round.currency,
      bet_minor: round.betMinor,
      payout_minor: round.payoutMinor,
      params: JSON.stringify(round.params),
      outcome: JSON.stringify(round.outcome),
      status: 'betting',
    })
    .execute();
}

/**
 * Moves a round from one status to the next (and sets what else changes); nothing happens when another
 * request moved it first, which the caller sees by re-reading.
 */
export async function advanceRound(
  db: Executor,
  roundId: string,
  from: BgsRoundStatusColumn,
  change: { status: BgsRoundStatusColumn; payoutMinor?: bigint; reveals?: number[]; failureCode?: string },
): Promise<void> {
  await db
    .updateTable('bgs_rounds')
    .set({
      status: change.status,
      ...(change.payoutMinor === undefined ? {} : { payout_minor: change.payoutMinor }),
      ...(change.reveals === undefined ? {} : { reveals: change.reveals }),
      ...(change.failureCode === undefined ? {} : { failure_code: change.failureCode }),
      updated_at: new Date(),
    })
    .where('round_id', '=', roundId)
    .where('status', '=', from)
    .execute();
}

/** A page of the member's rounds, newest first, with the total. */
export function selectRoundPage(
  db: Kysely<DB>,
  memberId: number,
  options: { gameCode?: string | undefined } & PageRequest,
) {
  let query = roundsWithSeed(db).where('bgs_rounds.member_id', '=', memberId);
  // Counted without the seed join, which only the page's rows need.
  let counted = db.selectFrom('bgs_rounds').where('member_id', '=', memberId);
  if (options.gameCode) {
    query = query.where('bgs_rounds.game_code', '=', options.gameCode);
    counted = counted.where('game_code', '=', options.gameCode);
  }
  return selectPage(query.orderBy('bgs_rounds.id', 'desc'), options, counted);
}

/**
 * Rounds whose seamless calls stopped half way and stayed so since `before`: betting, paying, or claimed
 * as abandoned (refused, `abandoning`) with the rollback not yet confirmed.
 */
export function selectStuckRounds(db: Kysely<DB>, before: Date, limit: number) {
  return db
    .selectFrom('bgs_rounds')
    .innerJoin('merchants', 'merchants.id', 'bgs_rounds.merchant_id')
    .select([
      'bgs_rounds.round_id',
      'bgs_rounds.member_id',
      'bgs_rounds.game_code',
      'bgs_rounds.status',
      'bgs_rounds.bet_minor',
      'bgs_rounds.payout_minor',
      'merchants.code as merchant_code',
    ])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('bgs_rounds.status', 'in', ['betting', 'paying']),
          eb('bgs_rounds.updated_at', '<', before),
        ]),
        eb.and([eb('bgs_rounds.status', '=', 'refused'), eb('bgs_rounds.failure_code', '=', 'abandoning')]),
      ]),
    )
    .orderBy('bgs_rounds.id')
    .limit(limit)
    .execute();
}

/**
 * Claims an abandoned bet (betting since before `before`) as refused with `abandoning` (the rollback is
 * confirmed by markAbandoned; until then later runs send it again); true when this
 * call claimed it. A player's retry that reads the round afterwards stops there, and one already sending
 * the bet cannot move the round on, so the refund that follows always matches the round.
 */
export async function claimAbandonedBet(db: Kysely<DB>, roundId: string, before: Date): Promise<boolean> {
  const result = await db
    .updateTable('bgs_rounds')
    .set({ status: 'refused', failure_code: 'abandoning', payout_minor: 0n, updated_at: new Date() })
    .where('round_id', '=', roundId)
    .where('status', '=', 'betting')
    .where('updated_at', '<', before)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Records that an abandoned bet's rollback was confirmed. */
export async function markAbandoned(db: Kysely<DB>, roundId: string): Promise<void> {
  await db
    .updateTable('bgs_rounds')
    .set({ failure_code: 'abandoned', updated_at: new Date() })
    .where('round_id', '=', roundId)
    .where('status', '=', 'refused')
    .where('failure_code', '=', 'abandoning')
    .execute();
}
