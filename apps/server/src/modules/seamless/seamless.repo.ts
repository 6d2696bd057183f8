import { sql, type Kysely } from 'kysely';
import type { DB, SeamlessKind } from '../../db/schema';

/** SQL of the seamless wallet: vendors, game sessions and the one-round-trip `seamless_apply_batch`. */
export function selectVendors(db: Kysely<DB>) {
  return db.selectFrom('vendors').select(['code', 'name', 'wallet_mode', 'secret', 'api_url']).execute();
}

export async function insertGameSession(
  db: Kysely<DB>,
  session: { tokenHash: string; merchantId: number; memberId: number; vendorCode: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('game_sessions')
    .values({
      token_hash: session.tokenHash,
      merchant_id: session.merchantId,
      member_id: session.memberId,
      vendor_code: session.vendorCode,
      expires_at: session.expiresAt,
    })
    .execute();
}

/** The main-wallet balance of a (non-trial) member of the merchant; undefined for anyone else. */
export async function selectPlayerBalance(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<bigint | undefined> {
  const row = await db
    .selectFrom('members')
    .leftJoin('ledger_accounts', (join) =>
      join
        .onRef('ledger_accounts.member_id', '=', 'members.id')
        .on('ledger_accounts.kind', '=', 'player_main')
        .on('ledger_accounts.currency', '=', currency)
        .on('ledger_accounts.merchant_id', '=', merchantId),
    )
    .select('ledger_accounts.balance_minor')
    .where('members.id', '=', memberId)
    .where('members.merchant_id', '=', merchantId)
    .where('members.type', '<>', 4)
    .executeTakeFirst();
  return row ? (row.balance_minor ?? 0n) : undefined;
}

export interface SeamlessCall {
  merchantId: number;
  vendorCode: string;
  transactionId: string;
  kind: SeamlessKind;
  memberId: number;
  currency: string;
  amountMinor: bigint;
  roundId: string;
  gameCode: string;
  betTransactionId: string | null;
  requestHash: string;
  sessionTokenHash: string | null;
  closeRound: boolean;
}

export type SeamlessStatus =
  | 'ok'
  | 'replayed'
  /** Applied, but the round had no stake and the merchant pays such wins with an alert (decision 0024). */
  | 'orphan_win_accepted'
  | 'round_has_no_bet'
  | 'win_limit_exceeded'
  | 'conflict'
  | 'insufficient_funds'
  | 'bet_rolled_back'
  | 'session_expired'
  | 'unknown_player'
  | 'amount_mismatch'
  | 'already_rolled_back';

export interface SeamlessOutcome {
  status: SeamlessStatus;
  balanceMinor: bigint;
}

/**
 * Applies calls in one transaction and one statement (seamless_apply_batch, migrations 0004 and 0012): the
 * outcome of each, in the order given. Throws on a database error (then nothing of the batch happened).
 */
export async function applySeamlessBatch(
  db: Kysely<DB>,
  calls: SeamlessCall[],
  houseShard: number,
): Promise<SeamlessOutcome[]> {
  const payload = JSON.stringify(
    calls.map((call) => ({ ...call, amountMinor: call.amountMinor.toString() })),
  );
  const result = await sql<{ call_index: number; status: SeamlessStatus; balance_minor: bigint | null }>`
    select call_index, status, balance_minor from seamless_apply_batch(${payload}::jsonb, ${houseShard}::integer)`.execute(
    db,
  );
  const outcomes: SeamlessOutcome[] = new Array<SeamlessOutcome>(calls.length);
  for (const row of result.rows) {
    outcomes[row.call_index - 1] = { status: row.status, balanceMinor: row.balance_minor ?? 0n };
  }
  return outcomes;
}
