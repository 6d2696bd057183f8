import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { trialType, type LoginPayload, type LoginResult, type SmsSent } from '@portal/contracts';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './auth.repo';
import * as credentials from './credentials.repo';
import { completeLogin, provePassword, sideAllows, type LoginContext } from './login.service';
import type { Mailer } from './mailer';
import { challengeIfNewAddress, type ChallengeChannels } from './second-factor';
import { hashPassword } from './passwords';
import type { AuthenticatedSession, SessionPolicy } from './sessions';
import { normaliseMobile, sendCode, verifyCode, type SmsProvider, type SmsPurpose } from './sms';

export function sessionPolicy(config: Config): SessionPolicy {
  return { idleMs: config.sessionIdleMs, absoluteMs: config.sessionAbsoluteMs };
}

export function contextOf(request: FastifyRequest, policy: SessionPolicy): LoginContext {
  return {
    db: request.server.deps.database.db,
    loginGuard: request.server.deps.loginGuard,
    policy,
    merchant: request.merchant,
    ip: request.visitor.ip,
    userAgent: request.headers['user-agent'],
    log: request.log,
  };
}

/** What sending codes needs of the application's services (a structural slice of the app's deps). */
export interface CodeChannels {
  config: Config;
  database: { db: Kysely<DB> };
  sms: SmsProvider;
  mailer: Mailer;
}

export function challengeChannels(deps: CodeChannels): ChallengeChannels {
  return { sms: deps.sms, smsTemplate: deps.config.sms.template, mailer: deps.mailer };
}

/**
 * Either login of spec section 3: username and password (with the new-address second step when the
 * merchant asks for it), or mobile number and SMS code (the code already proves the phone).
 */
export async function login(
  context: LoginContext,
  channels: ChallengeChannels,
  payload: LoginPayload,
): Promise<LoginResult> {
  const side = payload.side ?? 'member';
  if (payload.type === 'username') {
    const member = await provePassword(context, { ...payload, side });
    return (
      (await challengeIfNewAddress(context, channels, member, 'username')) ??
      completeLogin(context, member, 'username')
    );
  }
  if (!context.merchant.modules.mobileCodeLogin) {
    throw new AppError('operation-not-allowed', 'Login by SMS code is not offered here');
  }
  const mobile = normaliseMobile(payload.countryDialingCode, payload.mobileNum);
  await verifyCode(context.db, context.merchant, 'login', mobile, payload.verificationCode);
  const member = await credentials.selectByMobile(context.db, context.merchant.id, mobile);
  // The code proved the number; an unknown number is told apart only after that proof.
  if (!member)
    throw new AppError('invalid_credentials', 'No account uses this mobile number', { captcha: false });
  if (member.status !== 'active') throw new AppError('account_disabled', 'This account is disabled');
  if (!sideAllows(side, member.type) || member.type === trialType) {
    throw new AppError(
      'side_not_allowed',
      side === 'agent' ? 'Only agents can log in here' : 'Agents log in on the agent page',
    );
  }
  return completeLogin(context, member, 'sms');
}

export async function sendSms(
  deps: CodeChannels,
  merchant: MerchantConfig,
  purpose: SmsPurpose,
  body: { mobileNum: string; countryDialingCode: string },
): Promise<SmsSent> {
  const mobile = normaliseMobile(body.countryDialingCode, body.mobileNum);
  return sendCode(deps.database.db, deps.sms, deps.config.sms.template, merchant, purpose, mobile);
}

/** A trial account (type 4) with a random name and an unusable password, logged in at once. */
export async function freePlay(context: LoginContext): Promise<LoginResult> {
  if (!context.merchant.modules.freePlay) throw new AppError('forbidden', 'Free play is not offered here');
  const username = `trial_${randomBytes(6).toString('hex')}`;
  const inserted = await credentials.insertTrialAccount(context.db, {
    merchantId: context.merchant.id,
    username,
    // Nobody knows this password: a trial account only ever logs in through free play.
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    type: trialType,
  });
  if (!inserted) throw new AppError('conflict', 'Please try again');
  const member = await credentials.selectById(context.db, inserted.id);
  return completeLogin(context, member!, 'freeplay');
}

export async function logout(db: Kysely<DB>, session: AuthenticatedSession): Promise<void> {
  await repo.revokeSessionOf(db, session.memberId, session.sessionId);
}
