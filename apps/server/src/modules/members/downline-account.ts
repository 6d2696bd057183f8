import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { checkField, type FieldError, type RegisterFieldName } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { hashPassword, normaliseMobile } from '../auth';
import type { MerchantConfig } from '../system';
import * as repo from './members.repo';

/**
 * An account an agent creates directly in registerCenter, under itself; or a top agent (type 1, no
 * upline) the operator creates, whose first login must change the password (`passwordChangeRequired`).
 */
export interface DownlineAccountRequest {
  parentId: number | null;
  type: 0 | 1 | 2 | 41 | 42;
  passwordChangeRequired?: boolean;
  username: string;
  password: string;
  confirmPassword: string;
  nickname?: string | undefined;
  email?: string | undefined;
  mobileNum?: string | undefined;
  countryDialingCode?: string | undefined;
}

const agentTypes = new Set([1, 2, 41, 42]);
/** Rules for the fields a merchant's register settings do not show. */
const fallbackRules = {
  username: { acceptedPattern: '*', minLength: 4, maxLength: 16, patternId: 4 },
  password: { acceptedPattern: '*', minLength: 6, maxLength: 64, patternId: 0 },
};
const affiliateAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const affiliateCodeLength = 8;
const affiliateTries = 5;

function problem(field: string, code: string, message: string, extra: Partial<FieldError> = {}): FieldError {
  return { field, code, message, ...extra };
}

/** The merchant's rules for the fields given (username and password always), as registration applies them. */
function checkFields(merchant: MerchantConfig, request: DownlineAccountRequest): FieldError[] {
  const problems: FieldError[] = [];
  const values: Partial<Record<RegisterFieldName, string | undefined>> = {
    username: request.username.normalize('NFC'),
    password: request.password,
    nickname: request.nickname,
    email: request.email,
  };
  for (const [field, value] of Object.entries(values) as [RegisterFieldName, string | undefined][]) {
    const setting = merchant.register.find((candidate) => candidate.field === field && candidate.shown);
    const rule = setting ?? (field === 'username' || field === 'password' ? fallbackRules[field] : undefined);
    if (!rule || (value ?? '') === '') {
      if (field === 'username' || field === 'password') problems.push(problem(field, 'empty', 'is empty'));
      continue;
    }
    const found = checkField(value!, rule);
    if (found) {
      problems.push(
        problem(field, found, `does not meet the rule (${found})`, {
          minLength: rule.minLength,
          maxLength: rule.maxLength,
        }),
      );
    }
  }
  if (request.password !== request.confirmPassword) {
    problems.push(problem('confirmPassword', 'inconsistent_twice', 'inconsistent twice'));
  }
  return problems;
}

function newAffiliateCode(): string {
  let code = '';
  for (let index = 0; index < affiliateCodeLength; index += 1) {
    code += affiliateAlphabet[randomInt(affiliateAlphabet.length)];
  }
  return code;
}

/**
 * Creates an account directly under an agent (registerCenter, decision 0028): the merchant's username,
 * password and field rules apply as at registration; an agent gets its own affiliate code; the
 * password is one the agent chose, so the account must change it at first login when the merchant
 * forces changes. Placement (the closure rows, the registration figure) happens in the insert's
 * transaction, by the members trigger.
 */
export async function createDownlineAccount(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  request: DownlineAccountRequest,
): Promise<{ id: number; username: string; type: number; affiliateCode: string | null }> {
  const problems = checkFields(merchant, request);
  if (problems.length > 0) {
    throw new AppError(
      'validation_failed',
      `Invalid input: ${problems.map((item) => item.field).join(', ')}`,
      {
        fields: problems,
      },
    );
  }
  let mobile: string | null = null;
  if (request.mobileNum) {
    try {
      mobile = normaliseMobile(request.countryDialingCode, request.mobileNum);
    } catch {
      throw new AppError('validation_failed', 'Invalid input: mobileNum', {
        fields: [problem('mobileNum', 'invalid', 'is not a valid mobile number')],
      });
    }
  }
  const username = request.username.normalize('NFC');
  const passwordHash = await hashPassword(request.password);
  const isAgent = agentTypes.has(request.type);
  for (let attempt = 0; attempt < affiliateTries; attempt += 1) {
    const affiliateCode = isAgent ? newAffiliateCode() : null;
    const inserted = await repo.insertMember(db, {
      merchant_id: merchant.id,
      username,
      username_key: username.toLowerCase(),
      password_hash: passwordHash,
      password_is_default: merchant.modules.forcedPasswordChange,
      password_change_required: request.passwordChangeRequired ?? false,
      type: request.type,
      nickname: request.nickname || null,
      email: request.email || null,
      mobile,
      payee_name: null,
      profile: '{}',
      parent_agent_id: request.parentId,
      affiliate_code: affiliateCode,
    });
    if (inserted) return { id: inserted.id, username, type: request.type, affiliateCode };
    if (await repo.isUsernameTaken(db, merchant.id, username.toLowerCase())) {
      throw new AppError('conflict', 'Already registered', {
        fields: [problem('username', 'taken', 'is already taken')],
      });
    }
    if (mobile && (await repo.isMobileTaken(db, merchant.id, mobile))) {
      throw new AppError('conflict', 'Already registered', {
        fields: [problem('mobileNum', 'taken', 'is already registered')],
      });
    }
    // Otherwise the new affiliate code was taken: draw another.
  }
  throw new AppError('conflict', 'Could not draw a free affiliate code; try again');
}
