import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import {
  ageInYears,
  minimumAgeYears,
  checkField,
  formatMinor,
  type FieldError,
  type LoginResult,
  type MemberInfo,
  type RegisterFieldName,
  type registerPayload,
  type registerMobilePayload,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  checkNewPassword,
  completeLoginOf,
  consumeCaptcha,
  hashPassword,
  normaliseMobile,
  verifyCode,
  type AuthenticatedSession,
  type LoginContext,
} from '../auth';
import { countVisiblePromotions } from '../content';
import { countUnreadMessages } from '../messages';
import type { MerchantConfig } from '../system';
import { vipName } from '../points';
import { recordReferral, referrerOfCode } from '../rewards';
import { mainBalanceMinor } from '../wallet';
import * as repo from './members.repo';

/**
 * The profile side of an account (decision 0027): registration (which asks auth to open the first
 * session), the affiliate check, member info and the avatar. Credentials and sessions are auth's.
 */

type RegisterPayload = z.output<typeof registerPayload>;

/** Fields that are columns or handled apart; every other shown field is kept in the profile. */
const handledFields = new Set<RegisterFieldName>([
  'username',
  'password',
  'confirmPassword',
  'captcha',
  'verificationCode',
  'affiliateCode',
  'mobileNum',
  'email',
  'payeeName',
  'nickname',
  'paymentPassword',
]);

function fieldProblem(
  field: string,
  code: string,
  message: string,
  extra: Partial<FieldError> = {},
): FieldError {
  return { field, code, message, ...extra };
}

function invalid(fields: FieldError[]): AppError {
  return new AppError('validation_failed', `Invalid input: ${fields.map((item) => item.field).join(', ')}`, {
    fields,
  });
}

/** Checks every field against the merchant's register settings (spec section 5); collects all problems. */
export function checkRegistrationFields(merchant: MerchantConfig, payload: RegisterPayload): FieldError[] {
  const problems: FieldError[] = [];
  const values = payload as unknown as Record<string, string | undefined>;
  for (const setting of merchant.register) {
    if (!setting.shown || setting.field === 'captcha' || setting.field === 'verificationCode') continue;
    const value = values[setting.field]?.normalize('NFC') ?? '';
    if (value === '') {
      if (setting.required) problems.push(fieldProblem(setting.field, 'empty', 'is empty'));
      continue;
    }
    const problem = checkField(value, setting);
    if (problem) {
      problems.push(
        fieldProblem(setting.field, problem, `does not meet the rule (${problem})`, {
          minLength: setting.minLength,
          maxLength: setting.maxLength,
        }),
      );
    }
  }
  if (payload.password !== payload.confirmPassword) {
    problems.push(fieldProblem('confirmPassword', 'inconsistent_twice', 'inconsistent twice'));
  }
  // Responsible gaming (issue 17): a date of birth given (required where the merchant says so) must be
  // at least 18 years ago, checked here whatever the browser did.
  const age = payload.birthday ? ageInYears(payload.birthday, new Date()) : null;
  if (age !== null && age < minimumAgeYears) {
    problems.push(fieldProblem('birthday', 'under_age', `must be at least ${minimumAgeYears} years ago`));
  }
  return problems;
}

function shownSetting(merchant: MerchantConfig, field: RegisterFieldName) {
  return merchant.register.find((setting) => setting.field === field && setting.shown);
}

/**
 * Inserts the new member and, when it registered with a player's referral code, the referral (decision
 * 0032), in one transaction; undefined when the account exists already.
 */
async function insertReferred(
  context: LoginContext,
  referrer: Awaited<ReturnType<typeof referrerOfCode>>,
  member: repo.NewMember,
) {
  return context.db.transaction().execute(async (trx) => {
    const inserted = await repo.insertMember(trx, member);
    if (inserted && referrer) {
      await recordReferral(trx, context.merchant, {
        referrer,
        friendId: inserted.id,
        ip: context.ip,
        userAgent: (context.userAgent ?? '').slice(0, 500),
      });
    }
    return inserted;
  });
}

/** Registration of spec section 4: validate, check the affiliate code, create, log in. */
export async function register(context: LoginContext, payload: RegisterPayload): Promise<LoginResult> {
  const { db, merchant } = context;
  const problems = checkRegistrationFields(merchant, payload);
  if (problems.length > 0) throw invalid(problems);

  if (
    shownSetting(merchant, 'captcha')?.required &&
    !(await consumeCaptcha(db, payload.captchaId, payload.captcha))
  ) {
    throw invalid([fieldProblem('captcha', 'invalid', 'does not match the picture')]);
  }
  let mobile: string | null = null;
  if (payload.mobileNum) {
    try {
      mobile = normaliseMobile(payload.countryDialingCode, payload.mobileNum);
    } catch {
      throw invalid([fieldProblem('mobileNum', 'invalid', 'is not a valid mobile number')]);
    }
    if (merchant.modules.smsVerification && shownSetting(merchant, 'verificationCode')) {
      await verifyCode(db, merchant, 'register', mobile, payload.verificationCode);
    }
  }
  let parentAgentId: number | null = null;
  if (payload.affiliateCode) {
    const agent = await repo.selectAgentByAffiliateCode(db, merchant.id, payload.affiliateCode);
    if (!agent) throw new AppError('invitation_code_error', 'The invitation code is not valid');
    parentAgentId = agent.id;
  }
  const referrer = await referrerOfCode(db, merchant, payload.referralCode);
  const username = payload.username.normalize('NFC');
  const profile: Record<string, string> = {};
  for (const setting of merchant.register) {
    const value = (payload as unknown as Record<string, string | undefined>)[setting.field];
    if (setting.shown && !handledFields.has(setting.field) && value) profile[setting.field] = value;
  }
  const inserted = await insertReferred(context, referrer, {
    merchant_id: merchant.id,
    username,
    username_key: username.toLowerCase(),
    password_hash: await hashPassword(payload.password),
    type: 0,
    nickname: payload.nickname || null,
    email: payload.email || null,
    mobile,
    payee_name: payload.payeeName || null,
    profile: JSON.stringify(profile),
    parent_agent_id: parentAgentId,
  });
  if (!inserted) {
    const taken = await repo.isUsernameTaken(db, merchant.id, username.toLowerCase());
    throw new AppError('conflict', 'Already registered', {
      fields: [
        taken
          ? fieldProblem('username', 'taken', 'is already taken')
          : fieldProblem('mobileNum', 'taken', 'is already registered'),
      ],
    });
  }
  return completeLoginOf(context, inserted.id, 'register');
}

export async function affiliate(db: Kysely<DB>, merchant: MerchantConfig, code: string) {
  const agent = await repo.selectAgentByAffiliateCode(db, merchant.id, code);
  if (!agent) throw new AppError('invitation_code_error', 'The invitation code is not valid');
  return { affiliateCode: agent.affiliate_code!, agentNickname: agent.nickname ?? agent.username };
}

/** Member info: the balance is the ledger's main wallet; unread messages and live promotions are counted. */
export async function info(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  session: AuthenticatedSession,
): Promise<MemberInfo> {
  const [member, unreadMessages, availablePromos] = await Promise.all([
    repo.selectInfo(db, session.memberId),
    countUnreadMessages(db, merchant.id, session.memberId),
    countVisiblePromotions(db, merchant.id, session.memberId),
  ]);
  return {
    id: member.id,
    account: member.username,
    userName: member.username,
    nickname: member.nickname,
    type: member.type as MemberInfo['type'],
    balance: formatMinor(await mainBalanceMinor(db, merchant, session.memberId), merchant.currency.decimals),
    currencySymbol: merchant.currency.symbol,
    currencyCode: merchant.currency.code,
    vip: { level: member.vip_level, name: await vipName(db, merchant.id, member.vip_level) },
    unreadMessages,
    availablePromos,
    totpEnabled: member.totp_enabled,
    gmtOffsetMinutes: merchant.gmtOffsetMinutes,
  };
}

/**
 * Mobile-first registration: the SMS code proves the number, which also names the account (`m` and its
 * digits). A password is required when the merchant enables mobile password registration; otherwise
 * the account logs in by SMS code and may set a password later by phone reset.
 */
export async function registerMobile(
  context: LoginContext,
  payload: z.output<typeof registerMobilePayload>,
): Promise<LoginResult> {
  const { db, merchant } = context;
  if (!merchant.modules.mobileRegistration)
    throw new AppError('registration_closed', 'Mobile registration is not offered here');
  const mobile = normaliseMobile(payload.countryDialingCode, payload.mobileNum);
  const passwordRequired = merchant.modules.mobilePasswordRegistration;
  if (passwordRequired || payload.password) {
    checkNewPassword(merchant, payload.password ?? '', payload.confirmPassword ?? '');
  }
  await verifyCode(db, merchant, 'register', mobile, payload.verificationCode);
  let parentAgentId: number | null = null;
  if (payload.affiliateCode) {
    const agent = await repo.selectAgentByAffiliateCode(db, merchant.id, payload.affiliateCode);
    if (!agent) throw new AppError('invitation_code_error', 'The invitation code is not valid');
    parentAgentId = agent.id;
  }
  const referrer = await referrerOfCode(db, merchant, payload.referralCode);
  const username = `m${mobile.slice(1)}`;
  const inserted = await insertReferred(context, referrer, {
    merchant_id: merchant.id,
    username,
    username_key: username,
    password_hash: await hashPassword(payload.password || randomBytes(32).toString('base64url')),
    type: 0,
    nickname: null,
    email: null,
    mobile,
    payee_name: null,
    profile: JSON.stringify(payload.referralCode ? { referralCode: payload.referralCode } : {}),
    parent_agent_id: parentAgentId,
  });
  if (!inserted) {
    throw new AppError('conflict', 'Already registered', {
      fields: [fieldProblem('mobileNum', 'taken', 'is already registered')],
    });
  }
  return completeLoginOf(context, inserted.id, payload.password ? 'register' : 'sms');
}

/**
 * The avatar of `/wps/member/info/icon`: the first letter of the account on a colour derived from it,
 * as an SVG data URL (no upload storage yet; the same account always gets the same icon).
 */
export async function icon(db: Kysely<DB>, session: AuthenticatedSession): Promise<{ iconUrl: string }> {
  const member = await repo.selectInfo(db, session.memberId);
  const name = member.nickname ?? member.username;
  const letter = ([...name][0] ?? '?').toUpperCase().replace(/[<>&"']/g, '?');
  let hue = 0;
  for (const character of name) hue = (hue * 31 + (character.codePointAt(0) ?? 0)) % 360;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="32" fill="hsl(${hue} 55% 45%)"/>` +
    `<text x="32" y="41" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  return { iconUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}
