import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { agentTypes, trialType, type LoginResult, type LoginSide } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { raiseAlert } from '../security';
import type { MerchantConfig } from '../system';
import * as repo from './auth.repo';
import { consumeCaptcha } from './captcha';
import * as credentials from './credentials.repo';
import { verifyPassword } from './passwords';
import { openSession, type LoginMethod, type SessionPolicy } from './sessions';

/**
 * Password login with limits (docs/decisions/0009-login-limits.md). Guessing is throttled per account
 * and address together, and per address: from the third failure each attempt waits 2^(n-3) s (up to
 * 60 s), and 100 failures an hour of one address on one account (300 of one address on any) refuse it
 * for the rest of the hour (429). Failures on an account from anywhere only ask for a captcha, so nobody
 * can lock the owner out from another address: a right password with a right captcha gets through, and
 * a pile-up from many addresses raises an alert instead.
 */
const pairLimitPerHour = 100;
const addressLimitPerHour = 300;
/** Failures on one account within the hour, from any addresses, that raise a `login_attack` alert. */
export const accountAlertPerHour = 20;
const maxDelaySeconds = 60;

/**
 * A check every login passes before its session opens (responsible gaming, issue 17: a break or
 * self-exclusion refuses it). Given by the composition root, so auth does not depend on the modules
 * that decide.
 */
export type LoginGuard = (db: Kysely<DB>, member: { memberId: number; merchantId: number }) => Promise<void>;

export interface LoginContext {
  db: Kysely<DB>;
  /** Runs before the session opens; a throw refuses the login. */
  loginGuard?: LoginGuard | undefined;
  policy: SessionPolicy;
  merchant: MerchantConfig;
  ip: string;
  userAgent: string | undefined;
  log: FastifyBaseLogger;
}

interface Pressure {
  failures: number;
  retryAfterSeconds: number;
}

function pressureOf(row: { failures: bigint; latest: Date | null } | undefined, limit: number): Pressure {
  const failures = Number(row?.failures ?? 0);
  let retryAfterSeconds = failures >= limit ? 3600 : 0;
  if (failures >= 3 && row?.latest) {
    const delay = Math.min(2 ** (failures - 3), maxDelaySeconds);
    const waited = (Date.now() - row.latest.getTime()) / 1000;
    if (waited < delay) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(delay - waited));
  }
  return { failures, retryAfterSeconds };
}

/** The subjects a password attempt is counted under. */
export interface FailureSubjects {
  /** The account (or the unknown name), from any address: asks for a captcha, raises alerts. */
  account: string;
  /** This account from this address: throttled. */
  pair: string;
  /** This address on any account: throttled. */
  address: string;
}

export function failureSubjects(accountSubject: string, ip: string): FailureSubjects {
  return { account: accountSubject, pair: `${accountSubject}@ip:${ip}`, address: `ip:${ip}` };
}

function subjectList(subjects: FailureSubjects): string[] {
  return [subjects.account, subjects.pair, subjects.address];
}

/** Refuses (429) while this address is throttled; answers whether a captcha is needed. */
async function checkPressure(context: LoginContext, subjects: FailureSubjects): Promise<boolean> {
  const rows = await repo.selectRecentFailures(context.db, context.merchant.id, subjectList(subjects));
  const row = (subject: string) => rows.find((entry) => entry.subject === subject);
  const pair = pressureOf(row(subjects.pair), pairLimitPerHour);
  const address = pressureOf(row(subjects.address), addressLimitPerHour);
  const retryAfterSeconds = Math.max(pair.retryAfterSeconds, address.retryAfterSeconds);
  if (retryAfterSeconds > 0) {
    throw new AppError('too_many_attempts', `Too many failed logins; try again in ${retryAfterSeconds} s`, {
      captcha: true,
      retryAfterSeconds,
    });
  }
  return Number(row(subjects.account)?.failures ?? 0) + address.failures > 0;
}

/** Counts a wrong password under every subject; a pile-up on the account raises an alert. */
async function recordFailure(context: LoginContext, subjects: FailureSubjects): Promise<void> {
  await repo.insertFailures(context.db, context.merchant.id, subjectList(subjects));
  const rows = await repo.selectRecentFailures(context.db, context.merchant.id, [subjects.account]);
  const failures = Number(rows[0]?.failures ?? 0);
  if (failures >= accountAlertPerHour) {
    await raiseAlert(context.db, context.log, {
      merchantId: context.merchant.id,
      kind: 'login_attack',
      subject: subjects.account,
      detail: { failuresLastHour: failures, lastAddress: context.ip },
    });
  }
}

export function sideAllows(side: LoginSide, memberType: number): boolean {
  return side === 'agent'
    ? agentTypes.includes(memberType as 1)
    : memberType === 0 || memberType === trialType;
}

export function isPasswordExpired(merchant: MerchantConfig, passwordChangedAt: Date): boolean {
  if (merchant.passwordExpiryDays === null) return false;
  return Date.now() - passwordChangedAt.getTime() > merchant.passwordExpiryDays * 86_400_000;
}

/** Opens the session once an account is proven; reports first login, expiry and the forced change. */
export async function completeLogin(
  context: LoginContext,
  member: credentials.LoginRow,
  loginMethod: LoginMethod,
): Promise<LoginResult> {
  const passwordExpired = isPasswordExpired(context.merchant, member.password_changed_at);
  // Spec section 4: not for SMS logins; the forced change module decides for default passwords. An
  // operator's reset (or a new top agent's first password) forces the change on any login.
  const mustChangePassword =
    member.type !== trialType &&
    (member.password_change_required ||
      // Nor for social logins: the account's password is one nobody knows (decision 0048).
      (loginMethod !== 'sms' &&
        loginMethod !== 'oidc' &&
        ((context.merchant.modules.forcedPasswordChange && member.password_is_default) || passwordExpired)));
  await context.loginGuard?.(context.db, { memberId: member.id, merchantId: context.merchant.id });
  const token = await openSession(context.db, context.policy, {
    memberId: member.id,
    loginMethod,
    mustChangePassword,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const firstTimeLogin = member.first_login_at === null;
  if (firstTimeLogin) await credentials.markFirstLogin(context.db, member.id);
  await credentials.rememberIp(context.db, member.id, context.ip);
  return {
    token,
    firstTimeLogin,
    passwordExpired,
    mustChangePassword,
    memberType: member.type as LoginResult['memberType'],
    secondFactor: null,
  };
}

/** Opens the session of an account proven elsewhere (registration, a password reset) by its id. */
export async function completeLoginOf(
  context: LoginContext,
  memberId: number,
  loginMethod: LoginMethod,
): Promise<LoginResult> {
  const member = await credentials.selectById(context.db, memberId);
  if (!member) throw new AppError('session_expired', 'Please log in again');
  return completeLogin(context, member, loginMethod);
}

export interface PasswordLogin {
  username: string;
  password: string;
  side: LoginSide;
  captcha?: string | undefined;
  captchaId?: string | undefined;
}

/**
 * Proves a username and password (with the limits above) and returns the account; wrong credentials
 * never say which part was wrong. The caller completes the login or asks for a second step.
 */
export async function provePassword(
  context: LoginContext,
  login: PasswordLogin,
): Promise<credentials.LoginRow> {
  const usernameKey = login.username.trim().toLowerCase();
  const member = await credentials.selectByUsername(context.db, context.merchant.id, usernameKey);
  const subjects = failureSubjects(member ? `account:${member.id}` : `username:${usernameKey}`, context.ip);
  const captchaNeeded = await checkPressure(context, subjects);
  if (captchaNeeded) {
    if (!login.captcha || !login.captchaId) {
      throw new AppError('captcha_required', 'Enter the characters in the picture', { captcha: true });
    }
    if (!(await consumeCaptcha(context.db, login.captchaId, login.captcha))) {
      throw new AppError('captcha_invalid', 'The characters do not match the picture', {
        captcha: true,
      });
    }
  }
  const valid = await verifyPassword(member?.password_hash, login.password);
  if (!member || !valid) {
    await recordFailure(context, subjects);
    throw new AppError('invalid_credentials', 'The account or password is incorrect', { captcha: true });
  }
  if (member.status !== 'active') throw new AppError('account_disabled', 'This account is disabled');
  if (!sideAllows(login.side, member.type) || member.type === trialType) {
    throw new AppError(
      'side_not_allowed',
      login.side === 'agent' ? 'Only agents can log in here' : 'Agents log in on the agent page',
    );
  }
  // A proven owner forgives the account's failures (the captcha) and this address's on it, not the
  // address's failures on other accounts.
  await repo.deleteFailures(context.db, context.merchant.id, [subjects.account, subjects.pair]);
  return member;
}
