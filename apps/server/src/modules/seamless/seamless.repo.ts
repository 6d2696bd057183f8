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

/**
 * The balance a vendor sees of a (non-trial) member of the merchant: the main wallet, plus the bonus
 * wallet when the merchant's bets spend bonus money (reward_settings.spending_order, migration 0023);
 * undefined for anyone else.
 */
export async function selectPlayerBalance(
  db: Kysely<DB>,
  merchantId: number,
  memberId: number,
  currency: string,
): Promise<bigint | undefined> {
  const { rows } = await sql<{ balance_minor: string }>`
    select coalesce(sum(a.balance_minor) filter (where a.kind = 'player_main'
        or coalesce(rs.spending_order, 'locked') <> 'locked'), 0) as balance_minor
    from members m
    left join ledger_accounts a on a.merchant_id = ${merchantId}::int and a.currency = ${currency}
      and a.kind in ('player_main', 'player_bonus') and coalesce(a.member_id, 0) = m.id
      and a.vendor_code = '' and a.shard = 0
    left join reward_settings rs on rs.merchant_id = ${merchantId}::int
    where m.id = ${memberId}::int and m.merchant_id = ${merchantId}::int and m.type <> 4
    group by m.id`.execute(db);
  return rows[0] ? BigInt(rows[0].balance_minor) : undefined;
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
  | 'already_rolled_back'
  /** Responsible gaming (migration 0029): a bet of a player on a break or self-excluded. */
  | 'rg_blocked'
  /** A bet past the player's loss, wager or session time limit. */
  | 'rg_limit_reached';

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
