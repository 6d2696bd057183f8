import type { Kysely } from 'kysely';
import { agentTypes, trialType, type LoginResult, type LoginSide } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import * as members from '../members/members.repo';
import type { MerchantConfig } from '../system/merchant-config';
import * as repo from './auth.repo';
import { consumeCaptcha } from './captcha';
import { verifyPassword } from './passwords';
import { openSession, type LoginMethod, type SessionPolicy } from './sessions';

/**
 * Password login with limits (docs/decisions/0009-login-limits.md): after one failure for the account or
 * the address a captcha is required; from the third failure each attempt waits 2^(n-3) s (up to 60 s);
 * 100 failures an hour lock the account and 300 lock the address, for the rest of the hour (429).
 */
const accountLimitPerHour = 100;
const addressLimitPerHour = 300;
const maxDelaySeconds = 60;

export interface LoginContext {
  db: Kysely<DB>;
  policy: SessionPolicy;
  merchant: MerchantConfig;
  ip: string;
  userAgent: string | undefined;
}

interface Pressure {
  failures: number;
  retryAfterSeconds: number;
}

function pressureOf(rows: { failures: bigint; latest: Date | null }[], limit: number): Pressure {
  let failures = 0;
  let retryAfterSeconds = 0;
  for (const row of rows) {
    const count = Number(row.failures);
    failures = Math.max(failures, count);
    if (count >= limit) retryAfterSeconds = Math.max(retryAfterSeconds, 3600);
    if (count >= 3 && row.latest) {
      const delay = Math.min(2 ** (count - 3), maxDelaySeconds);
      const waited = (Date.now() - row.latest.getTime()) / 1000;
      if (waited < delay) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil(delay - waited));
    }
  }
  return { failures, retryAfterSeconds };
}

async function checkPressure(context: LoginContext, accountSubject: string, addressSubject: string) {
  const rows = await repo.selectRecentFailures(context.db, context.merchant.id, [
    accountSubject,
    addressSubject,
  ]);
  const account = pressureOf(
    rows.filter((row) => row.subject === accountSubject),
    accountLimitPerHour,
  );
  const address = pressureOf(
    rows.filter((row) => row.subject === addressSubject),
    addressLimitPerHour,
  );
  const retryAfterSeconds = Math.max(account.retryAfterSeconds, address.retryAfterSeconds);
  if (retryAfterSeconds > 0) {
    throw new AppError(
      429,
      'too_many_attempts',
      `Too many failed logins; try again in ${retryAfterSeconds} s`,
      {
        captcha: true,
        retryAfterSeconds,
      },
    );
  }
  return account.failures + address.failures > 0;
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
  member: members.LoginRow,
  loginMethod: LoginMethod,
): Promise<LoginResult> {
  const passwordExpired = isPasswordExpired(context.merchant, member.password_changed_at);
  // Spec section 4: not for SMS logins; the forced change module decides for default passwords.
  const mustChangePassword =
    loginMethod !== 'sms' &&
    member.type !== trialType &&
    ((context.merchant.modules.forcedPasswordChange && member.password_is_default) || passwordExpired);
  const token = await openSession(context.db, context.policy, {
    memberId: member.id,
    loginMethod,
    mustChangePassword,
    ip: context.ip,
    userAgent: context.userAgent,
  });
  const firstTimeLogin = member.first_login_at === null;
  if (firstTimeLogin) await members.markFirstLogin(context.db, member.id);
  await members.rememberIp(context.db, member.id, context.ip);
  return {
    token,
    firstTimeLogin,
    passwordExpired,
    mustChangePassword,
    memberType: member.type as LoginResult['memberType'],
    secondFactor: null,
  };
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
export async function provePassword(context: LoginContext, login: PasswordLogin): Promise<members.LoginRow> {
  const usernameKey = login.username.trim().toLowerCase();
  const member = await members.selectByUsername(context.db, context.merchant.id, usernameKey);
  const accountSubject = member ? `account:${member.id}` : `username:${usernameKey}`;
  const addressSubject = `ip:${context.ip}`;
  const captchaNeeded = await checkPressure(context, accountSubject, addressSubject);
  if (captchaNeeded) {
    if (!login.captcha || !login.captchaId) {
      throw new AppError(400, 'captcha_required', 'Enter the characters in the picture', { captcha: true });
    }
    if (!(await consumeCaptcha(context.db, login.captchaId, login.captcha))) {
      throw new AppError(400, 'captcha_invalid', 'The characters do not match the picture', {
        captcha: true,
      });
    }
  }
  const valid = await verifyPassword(member?.password_hash, login.password);
  if (!member || !valid) {
    await repo.insertFailures(context.db, context.merchant.id, [accountSubject, addressSubject]);
    throw new AppError(401, 'invalid_credentials', 'The account or password is incorrect', { captcha: true });
  }
  if (member.status !== 'active') throw new AppError(403, 'account_disabled', 'This account is disabled');
  if (!sideAllows(login.side, member.type) || member.type === trialType) {
    throw new AppError(
      403,
      'side_not_allowed',
      login.side === 'agent' ? 'Only agents can log in here' : 'Agents log in on the agent page',
    );
  }
  await repo.deleteFailures(context.db, context.merchant.id, accountSubject);
  return member;
}
