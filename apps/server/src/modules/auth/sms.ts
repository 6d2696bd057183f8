import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { MerchantConfig } from '../system';
import * as repo from './auth.repo';

/**
 * SMS verification codes: 6 digits from a CSPRNG, single use, valid for the merchant's expiry minutes, at
 * most 5 wrong tries, one send per number per 60 s x expiry minutes. Errors use the phone codes of spec
 * section 8. Texts go through an SmsProvider: the outbox table by default (readable by operators and
 * tests), or an HTTP gateway in production.
 */
export type SmsPurpose = 'login' | 'register' | 'challenge';

export interface SmsProvider {
  send(message: { merchantId: number; to: string; text: string }): Promise<void>;
}

const maxWrongTries = 5;
const maxSendsPerDay = 10;

/** The outbox adapter: the message is stored; nothing leaves the machine. */
export function outboxSmsProvider(db: Kysely<DB>): SmsProvider {
  return {
    async send({ merchantId, to, text }) {
      await repo.insertOutbox(db, {
        merchant_id: merchantId,
        channel: 'sms',
        recipient: to,
        subject: null,
        body: text,
      });
    },
  };
}

/** The HTTP gateway adapter: POSTs `{ to, text }` as JSON to SMS_GATEWAY_URL with a bearer token. */
export function httpSmsProvider(config: Config['sms']): SmsProvider {
  return {
    async send({ to, text }) {
      const response = await fetch(config.gatewayUrl!, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(config.gatewayToken ? { authorization: `Bearer ${config.gatewayToken}` } : {}),
        },
        body: JSON.stringify({ to, text }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok)
        throw new AppError('sms_gateway_failed', 'The SMS could not be sent; contact customer service');
    },
  };
}

/** `+66` and `0812345678` -> `+66812345678`, or the phone error of spec section 8. */
export function normaliseMobile(
  countryDialingCode: string | undefined,
  mobileNum: string | undefined,
): string {
  if (!mobileNum) throw new AppError('missing-phone-number', 'Enter your mobile number');
  const code = (countryDialingCode ?? '').replace(/^\+?/, '+');
  const phone = parsePhoneNumberFromString(`${code}${mobileNum.replace(/^0+/, '')}`);
  if (!phone?.isValid()) throw new AppError('invalid-phone-number', 'The mobile number is not valid');
  return phone.number;
}

function hashCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

export interface SmsSendResult {
  expiryMinutes: number;
  resendAfterSeconds: number;
}

/** Sends a new code to the number, within the resend interval and a daily cap. */
export async function sendCode(
  db: Kysely<DB>,
  provider: SmsProvider,
  template: string,
  merchant: MerchantConfig,
  purpose: SmsPurpose,
  mobile: string,
): Promise<SmsSendResult> {
  const expiryMinutes = merchant.smsExpiryMinutes;
  const resendAfterSeconds = 60 * expiryMinutes;
  const newest = await repo.selectNewestSmsCode(db, merchant.id, purpose, mobile);
  if (newest && Date.now() - newest.created_at.getTime() < resendAfterSeconds * 1000) {
    const waitSeconds = Math.ceil(resendAfterSeconds - (Date.now() - newest.created_at.getTime()) / 1000);
    throw new AppError('too-many-requests', 'Too many requests; try again later', {
      retryAfterSeconds: waitSeconds,
    });
  }
  const { sent } = await repo.countSmsCodesSince(db, merchant.id, mobile, new Date(Date.now() - 86_400_000));
  if (sent >= BigInt(maxSendsPerDay)) {
    throw new AppError('quota-exceeded', 'The daily SMS limit is reached; contact customer service');
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await repo.insertSmsCode(db, {
    merchant_id: merchant.id,
    purpose,
    mobile,
    code_hash: hashCode(mobile, code),
    expires_at: new Date(Date.now() + expiryMinutes * 60_000),
  });
  const text = template
    .replaceAll('{merchant}', merchant.name)
    .replaceAll('{code}', code)
    .replaceAll('{minutes}', String(expiryMinutes));
  await provider.send({ merchantId: merchant.id, to: mobile, text });
  return { expiryMinutes, resendAfterSeconds };
}

/** Checks and consumes the newest code for the number; throws the matching phone error otherwise. */
export async function verifyCode(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  purpose: SmsPurpose,
  mobile: string,
  code: string | undefined,
): Promise<void> {
  if (!code) throw new AppError('missing-verification-code', 'Enter the verification code');
  const newest = await repo.selectNewestSmsCode(db, merchant.id, purpose, mobile);
  if (!newest || newest.consumed_at !== null) {
    throw new AppError('invalid-verification-code', 'The verification code is not valid');
  }
  if (newest.expires_at.getTime() <= Date.now())
    throw new AppError('code-expired', 'The code has expired; send a new one');
  if (newest.wrong_tries >= maxWrongTries) {
    throw new AppError('code-expired', 'Too many wrong codes; send a new one');
  }
  const expected = Buffer.from(newest.code_hash, 'hex');
  const given = Buffer.from(hashCode(mobile, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await repo.countWrongSmsTry(db, newest.id);
    throw new AppError('invalid-verification-code', 'The verification code is not valid');
  }
  if (!(await repo.consumeSmsCode(db, newest.id))) {
    throw new AppError('invalid-verification-code', 'The verification code is not valid');
  }
}
