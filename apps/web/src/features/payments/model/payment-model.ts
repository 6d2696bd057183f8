import { formatMoneyDisplay, parseMinor } from '@portal/contracts/rules';
import { isErrorCode, type ErrorCode } from '@portal/contracts/errors';
import { errorMessageKey, isApiError, type MessageKey } from '../../../lib/api';

/** A new idempotency key for one submission of a form (kept while the same submission is retried). */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** A decimal amount from the server ("1234.50") with thousands separators, for people. */
export function displayMoney(text: string, symbol = ''): string {
  const decimals = text.split('.')[1]?.length ?? 0;
  const minor = parseMinor(text, decimals);
  return minor === null ? text : formatMoneyDisplay(minor, decimals, symbol);
}

/**
 * The i18n key for a failed payments call: the feature's own wording where it has one (payments.errors.*,
 * the aliases below), else the error catalogue's text (errorMessageKey).
 */
export function paymentErrorKey(error: unknown, hasKey: (key: string) => boolean): MessageKey {
  if (!isApiError(error)) return errorMessageKey(error);
  const alias = isErrorCode(error.code) ? errorAliases[error.code] : undefined;
  if (alias) return alias;
  if (hasKey(`payments.errors.${error.code}`)) return `payments.errors.${error.code}`;
  return errorMessageKey(error);
}

// Codes whose text the feature already has elsewhere: one string each (in the payments namespace).
const errorAliases: Partial<Record<ErrorCode, string>> = {
  invalid_image: 'payments.proof.wrongType',
  image_too_large: 'payments.proof.tooLarge',
  no_upline: 'payments.transfer.noUpline',
  payment_password_not_set: 'payments.transfer.needPassword',
  deposit_not_found: 'payments.errors.not_found',
  withdrawal_not_found: 'payments.errors.not_found',
  bank_account_not_found: 'payments.errors.not_found',
};

/** The minutes left of a lock (payment password) for the message, at least one. */
export function minutesOf(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

const maxProofBytes = 5 * 1024 * 1024;

export type ProofProblem = 'type' | 'size';

/** A proof image read as base64 (no data: prefix), checked like the server: PNG or JPEG, at most 5 MB. */
export async function readProofImage(file: File): Promise<{ base64: string } | { problem: ProofProblem }> {
  if (file.size > maxProofBytes) return { problem: 'size' };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isPng = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const isJpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!isPng && !isJpeg) return { problem: 'type' };
  let binary = '';
  for (let offset = 0; offset < bytes.length; offset += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(offset, offset + 0x8000));
  }
  return { base64: btoa(binary) };
}
