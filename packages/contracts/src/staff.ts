import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { operatorRoles } from './payments';

/**
 * Staff accounts and their security (issue 16): the owner's list of the merchant's staff, a new staff
 * account, role and disabled switches, password and authenticator resets, the merchant's IP allow-list
 * and its staff sessions' idle and absolute limits. What each role may call: ops-access.ts.
 */

/** A staff username: letters, digits and . _ - (3 to 32), unique per merchant regardless of case. */
export const staffUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, 'letters, digits and . _ - only, 3 to 32 characters');

/** A staff password someone chose: 10 to 128 characters with a letter and a digit. */
export const staffPassword = z
  .string()
  .min(10)
  .max(128)
  .regex(/[A-Za-z]/, 'needs a letter')
  .regex(/\d/, 'needs a digit');

export const staffRole = z.enum(operatorRoles);

/** One staff account as the owner's list shows it. */
export const staffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  role: staffRole,
  disabled: z.boolean(),
  totpEnrolled: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;
export const staffPage = pageOf(staffMember);

export const staffSorts = ['username', 'role', 'lastLoginAt', 'createdAt'] as const;

/** The staff list: paged, sorted and filtered on the server. */
export const staffQuery = pageQueryOf(100).extend({
  search: z.string().trim().max(32).optional(),
  role: staffRole.optional(),
  status: z.enum(['enabled', 'disabled']).optional(),
  sort: z.enum(staffSorts).default('username'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type StaffQuery = z.input<typeof staffQuery>;
/** The staff list's query after validation (defaults filled in). */
export type StaffFilter = z.output<typeof staffQuery>;

export const staffIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** A new staff account: it changes the initial password and enrols an authenticator at its first login. */
export const staffCreatePayload = z.object({
  username: staffUsername,
  password: staffPassword,
  role: staffRole,
});

/** The owner's switches on one account: its role and whether it is disabled (at least one). */
export const staffUpdatePayload = z
  .object({ role: staffRole.optional(), disabled: z.boolean().optional() })
  .refine((payload) => payload.role !== undefined || payload.disabled !== undefined, {
    message: 'give a role or disabled',
  });

/** A password the owner sets for someone: the account must change it at its next login. */
export const staffPasswordResetPayload = z.object({ password: staffPassword });

/** The logged-in operator changes their own password (always with the current one). */
export const staffPasswordChangePayload = z.object({
  currentPassword: z.string().min(1).max(128),
  newPassword: staffPassword,
});

/** One allow-list entry: an IPv4 or IPv6 address or network (CIDR). */
export const staffAddressEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/** The merchant's staff security: who may reach /ops from where and how long sessions last. */
export const staffSecurityPayload = z.object({
  /** Empty: staff may log in from anywhere. */
  ipAllowList: z.array(z.string().trim().pipe(staffAddressEntry)).max(100),
  /** Minutes without a call before a staff session ends; null: the server's default. */
  idleMinutes: z.number().int().min(5).max(720).nullable(),
  /** Hours after login when a staff session ends whatever happens; null: the server's default. */
  absoluteHours: z.number().int().min(1).max(72).nullable(),
});
export type StaffSecurityPayload = z.infer<typeof staffSecurityPayload>;

export const staffSecurity = staffSecurityPayload.extend({
  /** The server's defaults, what null means. */
  defaultIdleMinutes: z.number().int(),
  defaultAbsoluteHours: z.number().int(),
  /** The address this request came from, as the allow-list sees it. */
  yourAddress: z.string(),
});
export type StaffSecurity = z.infer<typeof staffSecurity>;
