import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { LoginResult, SecondFactorMethod } from '@portal/contracts';
import { AppError } from '../../http/errors';
import * as repo from './auth.repo';
import * as credentials from './credentials.repo';
import { completeLogin, type LoginContext } from './login.service';
import type { Mailer } from './mailer';
import type { LoginMethod } from './sessions';
import { sendCode, verifyCode, type SmsProvider } from './sms';
import { totpAccepts } from './totp';

/**
 * The second step for a login from an address the account never used (spec section 4), when the
 * merchant enables it: a code by SMS or e-mail, the bank-account holder name, or an authenticator code.
 * An account with none of these logs in as usual (nothing to verify against); its first address is
 * remembered from its first login.
 */
const challengeLifetimeMs = 10 * 60_000;
const maxWrongTries = 5;

export interface ChallengeChannels {
  sms: SmsProvider;
  smsTemplate: string;
  mailer: Mailer;
}

function hashEmailCode(challengeId: string, code: string): string {
  return createHash('sha256').update(`${challengeId}:${code}`).digest('hex');
}

function sameName(stored: string, given: string): boolean {
  const normal = (text: string) => text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return normal(stored) === normal(given);
}

/** A challenge when this login needs one; undefined when the login may complete now. */
export async function challengeIfNewAddress(
  context: LoginContext,
  channels: ChallengeChannels,
  member: credentials.LoginRow,
  loginMethod: LoginMethod,
): Promise<LoginResult | undefined> {
  if (!context.merchant.unregisteredIpCheck) return undefined;
  if ((await credentials.countKnownIps(context.db, member.id)) === 0) return undefined;
  if (await credentials.isKnownIp(context.db, member.id, context.ip)) return undefined;
  const methods: SecondFactorMethod[] = [];
  if (member.mobile) methods.push('mobile');
  if (member.email) methods.push('email');
  if (member.payee_name) methods.push('bankAccountName');
  if (member.totp_enabled && member.totp_secret) methods.push('totp');
  if (methods.length === 0) return undefined;

  const challengeId = randomUUID();
  const emailCode = member.email ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null;
  await repo.insertChallenge(context.db, {
    id: challengeId,
    member_id: member.id,
    methods,
    login_method: loginMethod,
    email_code_hash: emailCode ? hashEmailCode(challengeId, emailCode) : null,
    expires_at: new Date(Date.now() + challengeLifetimeMs),
  });
  if (member.mobile) {
    // A code sent moments ago for an earlier challenge stays valid; the resend interval is not an error here.
    await sendCode(
      context.db,
      channels.sms,
      channels.smsTemplate,
      context.merchant,
      'challenge',
      member.mobile,
    ).catch((error: unknown) => {
      if (!(error instanceof AppError && error.statusCode === 429)) throw error;
    });
  }
  if (member.email && emailCode) {
    await channels.mailer.send({
      merchantId: context.merchant.id,
      to: member.email,
      subject: `${context.merchant.name}: your login code`,
      text: `Your login code is ${emailCode}. It expires in 10 minutes. If you did not try to log in, change your password.`,
    });
  }
  return {
    token: null,
    firstTimeLogin: false,
    passwordExpired: false,
    mustChangePassword: false,
    memberType: member.type as LoginResult['memberType'],
    secondFactor: { challengeId, methods },
  };
}

/** Checks the answer to a challenge; the login completes (and the address is remembered) when right. */
export async function answerChallenge(
  context: LoginContext,
  answer: { challengeId: string; method: SecondFactorMethod; answer: string },
): Promise<LoginResult> {
  const challenge = await repo.selectOpenChallenge(context.db, answer.challengeId);
  if (!challenge || challenge.wrong_tries >= maxWrongTries || !challenge.methods.includes(answer.method)) {
    throw new AppError('second_factor_invalid', 'This verification has ended; log in again');
  }
  const member = await credentials.selectById(context.db, challenge.member_id);
  if (!member || member.merchant_id !== context.merchant.id)
    throw new AppError('second_factor_invalid', 'Log in again');
  let right = false;
  switch (answer.method) {
    case 'mobile':
      right = await verifyCode(context.db, context.merchant, 'challenge', member.mobile!, answer.answer).then(
        () => true,
        () => false,
      );
      break;
    case 'email': {
      const expected = Buffer.from(challenge.email_code_hash ?? '', 'hex');
      const given = Buffer.from(hashEmailCode(challenge.id, answer.answer.trim()), 'hex');
      right = expected.length === given.length && timingSafeEqual(expected, given);
      break;
    }
    case 'bankAccountName':
      right = member.payee_name !== null && sameName(member.payee_name, answer.answer);
      break;
    case 'totp':
      right = member.totp_secret !== null && totpAccepts(member.totp_secret, answer.answer.trim());
      break;
  }
  if (!right) {
    await repo.countWrongChallengeTry(context.db, challenge.id);
    throw new AppError('second_factor_invalid', 'The verification is not correct');
  }
  if (!(await repo.closeChallenge(context.db, challenge.id))) {
    throw new AppError('second_factor_invalid', 'This verification has ended; log in again');
  }
  return completeLogin(context, member, challenge.login_method as LoginMethod);
}
