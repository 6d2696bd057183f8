import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/** SQL of social login (migration 0037): providers, linked identities, started logins and tickets. */

type Executor = Kysely<DB> | Transaction<DB>;

export function selectProvider(db: Executor, merchantId: number, provider: string) {
  return db
    .selectFrom('merchant_oidc_providers')
    .select(['provider', 'issuer', 'client_id', 'client_secret', 'enabled'])
    .where('merchant_id', '=', merchantId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

export async function insertState(
  db: Executor,
  row: {
    state: string;
    merchant_id: number;
    provider: string;
    nonce: string;
    code_verifier: string;
    redirect_uri: string;
    return_to: string;
    expires_at: Date;
  },
): Promise<void> {
  await db.insertInto('oidc_login_states').values(row).execute();
}

/** Takes a started login once: deleted as it is read, so a replayed callback finds nothing. */
export function takeState(db: Executor, state: string) {
  return db
    .deleteFrom('oidc_login_states')
    .where('state', '=', state)
    .where('expires_at', '>', new Date())
    .returning(['merchant_id', 'provider', 'nonce', 'code_verifier', 'redirect_uri', 'return_to'])
    .executeTakeFirst();
}

export function selectIdentity(db: Executor, merchantId: number, issuer: string, subject: string) {
  return db
    .selectFrom('member_oidc_identities')
    .select(['member_id'])
    .where('merchant_id', '=', merchantId)
    .where('issuer', '=', issuer)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export async function insertIdentity(
  db: Executor,
  row: {
    merchant_id: number;
    issuer: string;
    subject: string;
    provider: string;
    member_id: number;
    email: string | null;
  },
): Promise<void> {
  await db.insertInto('member_oidc_identities').values(row).execute();
}

export async function insertTicket(
  db: Executor,
  row: { ticket_hash: string; merchant_id: number; member_id: number; expires_at: Date },
): Promise<void> {
  await db.insertInto('oidc_login_tickets').values(row).execute();
}

/** Takes a ticket once (deleted as it is read); undefined when unknown, used or expired. */
export function takeTicket(db: Executor, merchantId: number, ticketHash: string) {
  return db
    .deleteFrom('oidc_login_tickets')
    .where('ticket_hash', '=', ticketHash)
    .where('merchant_id', '=', merchantId)
    .where('expires_at', '>', new Date())
    .returning(['member_id'])
    .executeTakeFirst();
}

/** Drops started logins and tickets past their time (called on each start: the tables stay small). */
export async function deleteExpired(db: Executor): Promise<void> {
  const now = new Date();
  await db.deleteFrom('oidc_login_states').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oidc_login_tickets').where('expires_at', '<=', now).execute();
}

/** The account's status and type, to refuse a disabled account or a non-member at the exchange. */
export function selectMemberStanding(db: Executor, merchantId: number, memberId: number) {
  return db
    .selectFrom('members')
    .select(['status', 'type'])
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}
