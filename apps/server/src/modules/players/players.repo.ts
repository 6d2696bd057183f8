import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { PlayerSearchKey } from '@portal/contracts';
import type { DB } from '../../db/schema';

/**
 * SQL of the operator's players and agents (issue 16): the search (prefix matches on indexed columns,
 * the term's own % and _ escaped, so a search is never a pattern), an account's row, its sessions, the
 * lock. Every read is scoped to one merchant.
 */

type Db = Kysely<DB>;

/** The term as a LIKE prefix: its \, % and _ escaped (the default escape character is \). */
export function prefixPattern(term: string): string {
  return `${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export interface SearchFilter {
  merchantId: number;
  key: PlayerSearchKey;
  /** Already normalised for the key (lower case, upper case, + stripped, ...). */
  term: string;
  kind: 'all' | 'players' | 'agents';
  sort: 'createdAt' | 'account';
  order: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const agentTypes = [1, 2, 41, 42];

function matches(filter: SearchFilter): Expression<SqlBool> | undefined {
  if (filter.term === '') return undefined;
  const like = prefixPattern(filter.term);
  switch (filter.key) {
    case 'account':
      return sql<SqlBool>`m.username_key like ${like}`;
    case 'mobile':
      return sql<SqlBool>`m.mobile like ${like}`;
    case 'email':
      return sql<SqlBool>`lower(m.email) like ${like}`;
    case 'affiliate':
      return sql<SqlBool>`m.affiliate_code like ${like}`;
    case 'ip':
      // Any address the account logged in from: its sessions and its known addresses (both indexed by ip).
      return sql<SqlBool>`m.id in (
        select s.member_id from sessions s where s.ip = ${filter.term}
        union select k.member_id from member_known_ips k where k.ip = ${filter.term})`;
  }
}

function filtered(db: Db, filter: SearchFilter) {
  let query = db.selectFrom('members as m').where('m.merchant_id', '=', filter.merchantId);
  const match = matches(filter);
  if (match) query = query.where(match);
  if (filter.kind === 'players') query = query.where('m.type', 'not in', agentTypes);
  if (filter.kind === 'agents') query = query.where('m.type', 'in', agentTypes);
  return query;
}

const summaryColumns = [
  'm.id',
  'm.username',
  'm.nickname',
  'm.type',
  'm.status',
  'm.mobile',
  'm.email',
  'm.affiliate_code',
  'm.vip_level',
  'm.created_at',
] as const;

function withSummary(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('members as u', 'u.id', 'm.parent_agent_id')
    .select(summaryColumns)
    .select('u.username as upline_account')
    .select((eb) =>
      eb
        .selectFrom('sessions as s')
        .select('s.created_at')
        .whereRef('s.member_id', '=', 'm.id')
        .orderBy('s.created_at', 'desc')
        .limit(1)
        .as('last_login_at'),
    );
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof withSummary>['execute']>>[number];

/** A page of accounts and the total count. */
export async function searchMembers(db: Db, filter: SearchFilter) {
  const column = filter.sort === 'account' ? 'm.username_key' : 'm.created_at';
  const [rows, total] = await Promise.all([
    withSummary(filtered(db, filter))
      .orderBy(column, filter.order)
      .orderBy('m.id', filter.order)
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** One account of the merchant with its summary columns and its credential flags. */
export function selectMember(db: Db, merchantId: number, memberId: number) {
  return withSummary(
    db.selectFrom('members as m').where('m.merchant_id', '=', merchantId).where('m.id', '=', memberId),
  )
    .select(['m.password_change_required', 'm.lock_reason'])
    .executeTakeFirst();
}

/** A page of the account's sessions, newest first. */
export async function selectSessions(db: Db, memberId: number, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('sessions')
      .select([
        'id',
        'login_method',
        'ip',
        'user_agent',
        'created_at',
        'last_seen_at',
        'expires_at',
        'revoked_at',
      ])
      .where('member_id', '=', memberId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.total) };
}

/** Locks or unlocks the account; answers whether it exists in the merchant. */
export async function setLocked(
  db: Db,
  merchantId: number,
  memberId: number,
  lock: { reason: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('members')
    .set({ status: lock ? 'disabled' : 'active', lock_reason: lock?.reason ?? null })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', memberId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
