import type { Kysely } from 'kysely';
import type { StaffFilter, StaffMember, StaffSecurity, StaffSecurityPayload } from '@portal/contracts';
import type { DB, OperatorRole } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashPassword, type SessionPolicy } from '../auth';
import * as repo from './operators.repo';
import { addressAllowed } from './staff-access';
import * as staffRepo from './staff.repo';

/**
 * The owner's staff management (issue 16). A new account and a reset password are passwords the owner
 * chose, so the account must change them at its next login; a reset authenticator is enrolled again at
 * the next login. A disabled account's sessions end at once (its reset ones too), and a role change takes
 * effect on the account's next call (the guard reads the role every time). The merchant never loses its
 * last enabled owner.
 */

function present(row: staffRepo.StaffRow): StaffMember {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    disabled: row.disabled,
    totpEnrolled: row.totp_enabled,
    mustChangePassword: row.must_change_password,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    lastLoginIp: row.last_login_ip,
    createdAt: row.created_at.toISOString(),
  };
}

async function staffMember(db: Kysely<DB>, merchantId: number, id: number): Promise<StaffMember> {
  const row = await staffRepo.selectStaffMember(db, merchantId, id);
  if (!row) throw new AppError('operator_not_found', 'No such staff account');
  return present(row);
}

/** One page of the merchant's staff. */
export async function listStaff(db: Kysely<DB>, merchantId: number, query: StaffFilter) {
  const { rows, total } = await staffRepo.selectStaffPage(db, merchantId, query);
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total };
}

/** A new staff account; it changes the initial password and enrols an authenticator at its first login. */
export async function createStaff(
  db: Kysely<DB>,
  merchantId: number,
  payload: { username: string; password: string; role: OperatorRole },
): Promise<StaffMember> {
  const id = await repo.insertOperator(db, {
    merchantId,
    username: payload.username,
    passwordHash: await hashPassword(payload.password),
    role: payload.role,
    mustChangePassword: true,
  });
  if (id === undefined) throw new AppError('operator_username_taken', 'This username is taken');
  return staffMember(db, merchantId, id);
}

/** Changes an account's role and/or disabled switch; refuses to leave the merchant without an owner. */
export async function updateStaff(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  change: { role?: OperatorRole | undefined; disabled?: boolean | undefined },
): Promise<StaffMember> {
  // Inside the operator API's unit of work this transaction is a savepoint of it.
  return db.transaction().execute(async (trx) => {
    const owners = await staffRepo.lockOwnersAnd(trx, merchantId, id);
    const before = await staffMember(trx, merchantId, id);
    const staysOwner = (change.role ?? before.role) === 'owner' && !(change.disabled ?? before.disabled);
    if (owners.includes(id) && !staysOwner && owners.length === 1) {
      throw new AppError('operator_last_owner', 'This is the last enabled owner: make another owner first');
    }
    await staffRepo.updateStaffSwitches(trx, merchantId, id, change);
    if (change.disabled === true) await repo.revokeSessionsOfOperator(trx, id);
    return staffMember(trx, merchantId, id);
  });
}

/** Sets a password the account must change at its next login; its sessions end. */
export async function resetStaffPassword(
  db: Kysely<DB>,
  merchantId: number,
  id: number,
  password: string,
): Promise<StaffMember> {
  await staffMember(db, merchantId, id);
  await repo.setOperatorPassword(db, id, await hashPassword(password), true);
  await repo.revokeSessionsOfOperator(db, id);
  return staffMember(db, merchantId, id);
}

/** Removes the account's authenticator: it enrols a new one at its next login; its sessions end. */
export async function resetStaffTotp(db: Kysely<DB>, merchantId: number, id: number): Promise<StaffMember> {
  await staffMember(db, merchantId, id);
  await staffRepo.clearStaffTotp(db, merchantId, id);
  await repo.revokeSessionsOfOperator(db, id);
  return staffMember(db, merchantId, id);
}

/** The merchant's staff limits as the owner edits them, with the server's defaults and the caller's address. */
export async function staffSecurity(
  db: Kysely<DB>,
  merchantId: number,
  defaults: SessionPolicy,
  callerIp: string,
): Promise<StaffSecurity> {
  const row = await repo.selectStaffSecurity(db, merchantId);
  return {
    ipAllowList: row?.ip_allow_list ?? [],
    idleMinutes: row?.idle_minutes ?? null,
    absoluteHours: row?.absolute_hours ?? null,
    defaultIdleMinutes: Math.round(defaults.idleMs / 60_000),
    defaultAbsoluteHours: Math.round(defaults.absoluteMs / 3_600_000),
    yourAddress: callerIp,
  };
}

/**
 * Saves the merchant's staff limits. A non-empty allow-list must hold the caller's own address, or the
 * owner saving it would be shut out at their next call. New limits apply to sessions' next calls (idle)
 * and to the next logins (absolute).
 */
export async function setStaffSecurity(
  db: Kysely<DB>,
  merchantId: number,
  defaults: SessionPolicy,
  callerIp: string,
  payload: StaffSecurityPayload,
): Promise<StaffSecurity> {
  const ipAllowList = [...new Set(payload.ipAllowList.map((entry) => entry.toLowerCase()))];
  if (!addressAllowed(ipAllowList, callerIp)) {
    throw new AppError(
      'operator_ip_self_lockout',
      `The list does not hold your own address ${callerIp}: saving it would lock you out`,
      { yourAddress: callerIp },
    );
  }
  await staffRepo.upsertStaffSecurity(db, merchantId, { ...payload, ipAllowList });
  return staffSecurity(db, merchantId, defaults, callerIp);
}
