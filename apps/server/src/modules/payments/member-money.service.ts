import type { Kysely } from 'kysely';
import {
  maxBankAccounts,
  type BankAccount,
  type BankAccountAddPayload,
  type PaymentPasswordStatus,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import {
  clearFailures,
  hashPassword,
  lockedForSeconds,
  recordFailure,
  verifyPassword,
  type AttemptLimit,
} from '../auth';
import { refuseSelfReferrals } from '../rewards';
import type { MerchantConfig } from '../system';
import * as repo from './member-money.repo';

/**
 * The payment password (set once, changed with the old one, checked before money leaves) and the bank
 * accounts withdrawals are paid into. Five wrong payment passwords lock it for 15 minutes, like a login.
 */
const paymentPasswordLimit: AttemptLimit = { maxFailures: 5, lockMs: 15 * 60_000 };

const subjectOf = (memberId: number) => `payment-password:${memberId}`;

export async function paymentPasswordStatus(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
): Promise<PaymentPasswordStatus> {
  const hash = await repo.selectPaymentPasswordHash(db, memberId);
  const locked = await lockedForSeconds(db, merchant.id, subjectOf(memberId), paymentPasswordLimit);
  return { isSet: hash !== undefined, lockedForSeconds: locked };
}

/** Sets the first payment password; payment_password_already_set when one exists. */
export async function setPaymentPassword(db: Kysely<DB>, memberId: number, password: string): Promise<void> {
  const inserted = await repo.insertPaymentPassword(db, memberId, await hashPassword(password));
  if (!inserted) {
    throw new AppError(
      'payment_password_already_set',
      'A payment password is set; change it with the old one',
    );
  }
}

/**
 * Checks the payment password with the wrong-try lock: payment_password_not_set, payment_password_locked
 * (429, with retryAfterSeconds) or payment_password_wrong (with the tries left). Returns the stored hash.
 */
export async function verifyPaymentPassword(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  password: string,
): Promise<string> {
  const hash = await repo.selectPaymentPasswordHash(db, memberId);
  if (hash === undefined) {
    throw new AppError('payment_password_not_set', 'Set a payment password in the security centre first');
  }
  const subject = subjectOf(memberId);
  const waitSeconds = await lockedForSeconds(db, merchant.id, subject, paymentPasswordLimit);
  if (waitSeconds > 0) {
    throw new AppError('payment_password_locked', `Too many wrong tries; try again in ${waitSeconds} s`, {
      retryAfterSeconds: waitSeconds,
    });
  }
  if (!(await verifyPassword(hash, password))) {
    await recordFailure(db, merchant.id, subject);
    const locked = await lockedForSeconds(db, merchant.id, subject, paymentPasswordLimit);
    throw new AppError('payment_password_wrong', 'The payment password is wrong', {
      locked: locked > 0,
    });
  }
  await clearFailures(db, merchant.id, subject);
  return hash;
}

/** Changes the payment password after checking the old one. */
export async function changePaymentPassword(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  change: { oldPassword: string; newPassword: string },
): Promise<void> {
  const oldHash = await verifyPaymentPassword(db, merchant, memberId, change.oldPassword);
  const updated = await repo.updatePaymentPassword(
    db,
    memberId,
    oldHash,
    await hashPassword(change.newPassword),
  );
  // Another change won between the check and this write: its new password stands, this one is refused.
  if (!updated) throw new AppError('conflict', 'The payment password changed meanwhile; try again');
}

/** Shows the last four digits only: enough to recognise an account, useless to anyone reading over a shoulder. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(Math.max(accountNumber.length - 4, 2))}${accountNumber.slice(-4)}`;
}

function presentBankAccount(row: {
  id: number;
  bank_name: string;
  account_number: string;
  holder_name: string;
  created_at: Date;
}): BankAccount {
  return {
    id: row.id,
    bankName: row.bank_name,
    accountNumberMasked: maskAccountNumber(row.account_number),
    holderName: row.holder_name,
    createdAt: row.created_at.toISOString(),
  };
}

export async function listBankAccounts(db: Kysely<DB>, memberId: number): Promise<BankAccount[]> {
  return (await repo.selectBankAccounts(db, memberId)).map(presentBankAccount);
}

/** Adds a bank account (payment password required; at most five; each bank and number once). */
export async function addBankAccount(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  memberId: number,
  payload: BankAccountAddPayload,
): Promise<BankAccount> {
  await verifyPaymentPassword(db, merchant, memberId, payload.paymentPassword);
  return db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, memberId);
    if ((await repo.countBankAccounts(trx, memberId)) >= maxBankAccounts) {
      throw new AppError('bank_account_limit', `At most ${maxBankAccounts} bank accounts`);
    }
    const row = await repo.insertBankAccount(trx, {
      merchantId: merchant.id,
      memberId,
      bankName: payload.bankName,
      accountNumber: payload.accountNumber,
      holderName: payload.holderName,
    });
    if (!row) throw new AppError('bank_account_exists', 'This bank account is already added');
    // A referral between two accounts paid into one bank account is a self-referral (decision 0032).
    const holders = await repo.selectOtherHolders(trx, merchant.id, memberId, payload.accountNumber);
    await refuseSelfReferrals(trx, memberId, holders, 'same_payment_account');
    return presentBankAccount(row);
  });
}

export async function removeBankAccount(
  db: Kysely<DB>,
  memberId: number,
  bankAccountId: number,
): Promise<void> {
  if (!(await repo.deleteBankAccount(db, memberId, bankAccountId))) {
    throw new AppError('bank_account_not_found', 'No such bank account');
  }
}
