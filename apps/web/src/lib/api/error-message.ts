import type { FieldError } from '@portal/contracts';
import { isApiError } from './api-error';

// Server codes with their own translated text; others fall back to the generic messages below.
const translatedCodes = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'too_many_requests',
  'service_unavailable',
  'in_need_true_account',
  'validation_failed',
  // Identity (packages/contracts/src/auth.ts authErrorCodes).
  'invalid_credentials',
  'captcha_required',
  'captcha_invalid',
  'too_many_attempts',
  'side_not_allowed',
  'account_disabled',
  'second_factor_invalid',
  'password_change_required',
  'session_expired',
  'invitation_code_error',
  'registration_closed',
  'encryption_invalid',
  'replayed_request',
  // Phone verification codes of spec section 8.
  'invalid-phone-number',
  'missing-phone-number',
  'too-many-requests',
  'invalid-verification-code',
  'missing-verification-code',
  'code-expired',
  'quota-exceeded',
  'operation-not-allowed',
]);

/** The i18n key of the message to show for a failed call. */
export function errorMessageKey(error: unknown): string {
  if (!isApiError(error)) return 'errors.unknown';
  if (error.code === 'network' || error.code === 'timeout') return 'errors.networkAbnormal';
  if (translatedCodes.has(error.code)) return `errors.codes.${error.code}`;
  if (error.status >= 500) return 'errors.server';
  return 'errors.unknown';
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { field?: unknown }).field === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}

/** The failing fields of a 400 validation_failed reply (value.fields), or none. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || error.code !== 'validation_failed') return [];
  const fields = (error.value as { fields?: unknown } | null)?.fields;
  return Array.isArray(fields) ? fields.filter(isFieldError) : [];
}
