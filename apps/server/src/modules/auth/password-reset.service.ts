import { createHash, randomBytes } from 'node:crypto';
import type { FieldError, LoginResult } from '@portal/contracts';
import { checkField } from '@portal/contracts';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as authRepo from './auth.repo';
import * as credentials from './credentials.repo';
import { completeLogin, type LoginContext } from './login.service';
import type { Mailer } from './mailer';
import { hashPassword } from './passwords';
import { normaliseMobile, verifyCode } from './sms';

/**
 * Password recovery by e-mail (a single-use link valid for 30 minutes) and by phone (an SMS code).
 * The e-mail request answers the same `in_been_out` whatever the account (decision 0010).
 */
const resetLifetimeMs = 30 * 60_000;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** Checks a new password against the merchant's password rule and its confirmation. */
export function checkNewPassword(merchant: MerchantConfig, password: string, confirmPassword: string): void {
  const setting = merchant.register.find((candidate) => candidate.field === 'password');
  const rule = setting ?? { acceptedPattern: '*', minLength: 6, maxLength: 64, patternId: 0 };
  const problems: FieldError[] = [];
  const problem = checkField(password, rule);
  if (problem) {
    problems.push({
      field: 'password',
      code: problem,
      message: `does not meet the rule (${problem})`,
      minLength: rule.minLength,
      maxLength: rule.maxLength,
    });
  }
  if (password !== confirmPassword)
    problems.push({ field: 'confirmPassword', code: 'inconsistent_twice', message: 'inconsistent twice' });
  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      `Invalid input: ${problems.map((item) => item.field).join(', ')}`,
      { fields: problems },
    );
  }
}

/**
 * Starts an e-mail reset when the username and e-mail belong together. The slow part (token, mail)
 * runs after the reply, so the answer time does not tell whether the account exists.
 */
export async function requestEmailReset(
  context: LoginContext,
  mailer: Mailer,
  origin: string,
  form: { username: string; email: string },
  onError: (error: unknown) => void,
): Promise<void> {
  const member = await credentials.selectByUsername(
    context.db,
    context.merchant.id,
    form.username.trim().toLowerCase(),
  );
  if (
    !member ||
    !member.email ||
    member.email.toLowerCase() !== form.email.trim().toLowerCase() ||
    member.status !== 'active'
  ) {
    return;
  }
  const email = member.email;
  setImmediate(() => {
    const token = randomBytes(32).toString('base64url');
    authRepo
      .insertResetToken(context.db, hashToken(token), member.id, new Date(Date.now() + resetLifetimeMs))
      .then(() =>
        mailer.send({
          merchantId: context.merchant.id,
          to: email,
          subject: `${context.merchant.name}: reset your password`,
          text:
            `Someone asked to reset the password of ${member.username}.\n\n` +
            `Open this link within 30 minutes to choose a new one:\n${origin}/resetPassword?token=${token}\n\n` +
            'If it was not you, ignore this message; your password stays as it is.',
        }),
      )
      .catch(onError);
  });
}

/** Completes an e-mailed reset: a new password, every session ended, and a fresh login. */
export async function resetByEmail(
  context: LoginContext,
  payload: { token: string; password: string; confirmPassword: string },
): Promise<LoginResult> {
  checkNewPassword(context.merchant, payload.password, payload.confirmPassword);
  const used = await authRepo.useResetToken(context.db, hashToken(payload.token));
  if (!used) throw new AppError('code-expired', 'This reset link is not valid any more; ask for a new one');
  return setPasswordAndLogin(context, used.member_id, payload.password);
}

/** Reset by phone (spec section 4): the SMS code proves the number; then logged in. */
export async function resetByPhone(
  context: LoginContext,
  payload: {
    mobileNum: string;
    countryDialingCode: string;
    verificationCode: string;
    password: string;
    confirmPassword: string;
  },
): Promise<LoginResult> {
  checkNewPassword(context.merchant, payload.password, payload.confirmPassword);
  const mobile = normaliseMobile(payload.countryDialingCode, payload.mobileNum);
  await verifyCode(context.db, context.merchant, 'login', mobile, payload.verificationCode);
  const member = await credentials.selectByMobile(context.db, context.merchant.id, mobile);
  if (!member || member.status !== 'active')
    throw new AppError('invalid-phone-number', 'No account uses this mobile number');
  return setPasswordAndLogin(context, member.id, payload.password);
}

async function setPasswordAndLogin(
  context: LoginContext,
  memberId: number,
  password: string,
): Promise<LoginResult> {
  await credentials.updatePassword(context.db, memberId, await hashPassword(password));
  await authRepo.revokeSessionsOf(context.db, memberId, null);
  const member = await credentials.selectById(context.db, memberId);
  return completeLogin(context, member!, 'reset');
}
