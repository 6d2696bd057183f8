import { sql, type Kysely } from 'kysely';
import type { StaffFilter } from '@portal/contracts';
import type { DB, OperatorRole } from '../../db/schema';

/** SQL of the owner's staff management: the list, one account, its switches, the merchant's limits. */

const staffColumns = [
  'id',
  'username',
  'role',
  'disabled',
  'totp_enabled',
  'must_change_password',
  'last_login_at',
  'last_login_ip',
  'created_at',
] as const;

const sortColumns = {
  username: 'username_key',
  role: 'role',
  lastLoginAt: 'last_login_at',
  createdAt: 'created_at',
} as const;

function filtered(db: Kysely<DB>, merchantId: number, filter: StaffFilter) {
  let query = db.selectFrom('operators').where('merchant_id', '=', merchantId);
  if (filter.search) {
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    query = query.where('username_key', 'like', pattern);
  }
  if (filter.role) query = query.where('role', '=', filter.role);
  if (filter.status) query = query.where('disabled', '=', filter.status === 'disabled');
  return query;
}

/** One page of the merchant's staff and the count over every page. */
export async function selectStaffPage(db: Kysely<DB>, merchantId: number, filter: StaffFilter) {
  const base = filtered(db, merchantId, filter);
  const direction = filter.direction;
  const rows = await base
    .select(staffColumns)
    .orderBy(sql.ref(sortColumns[filter.sort]), sql.raw(`${direction} nulls last`))
    .orderBy('id', direction)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  return { rows, total: Number(count.total) };
}

export function selectStaffMember(db: Kysely<DB>, merchantId: number, id: number) {
  return db
    .selectFrom('operators')
    .select(staffColumns)
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export type StaffRow = NonNullable<Awaited<ReturnType<typeof selectStaffMember>>>;

/**
 * Locks the merchant's enabled owners and the account being changed (in this order, by id), so two owners
 * demoting or disabling each other at once cannot leave the merchant without one; answers the owners' ids.
 */
export async function lockOwnersAnd(db: Kysely<DB>, merchantId: number, id: number): Promise<number[]> {
  const rows = await db
    .selectFrom('operators')
    .select(['id', 'role', 'disabled'])
    .where('merchant_id', '=', merchantId)
    .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('role', '=', 'owner'), eb('disabled', '=', false)])]))
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.filter((row) => row.role === 'owner' && !row.disabled).map((row) => row.id);
}

export async function updateStaffSwitches(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  change: { role?: OperatorRole | undefined; disabled?: boolean | undefined },
) {
  await db
    .updateTable('operators')
    .set({
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.disabled !== undefined ? { disabled: change.disabled } : {}),
    })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}

/** Removes an account's authenticator: its next login enrols a new one. */
export async function clearStaffTotp(db: Kysely<DB>, merchantId: number, id: number) {
  await db
    .updateTable('operators')
    .set({ totp_secret: null, totp_enabled: false })
    .where('merchant_id', '=', merchantId)
    .where('id', '=', id)
    .execute();
}

/** Writes the merchant's staff allow-list and session limits. */
export async function upsertStaffSecurity(
  db: Kysely<DB>,
  merchantId: number,
  limits: { ipAllowList: string[]; idleMinutes: number | null; absoluteHours: number | null },
) {
  const values = {
    ip_allow_list: limits.ipAllowList,
    idle_minutes: limits.idleMinutes,
    absolute_hours: limits.absoluteHours,
  };
  await db
    .insertInto('merchant_staff_security')
    .values({ merchant_id: merchantId, ...values })
    .onConflict((conflict) =>
      conflict.column('merchant_id').doUpdateSet({ ...values, updated_at: sql`now()` }),
    )
    .execute();
}
