import type { FieldError } from '@portal/contracts';
import { isErrorCode, type ErrorCode } from '@portal/contracts/errors';
import { errorsNamespace } from '../../i18n';
import { clientErrorCodes, isApiError } from './api-error';

/**
 * An i18n key, or keys tried in order: i18next shows the first one it has, so a specific text can fall
 * back to a generic one while its namespace is still loading.
 */
export type MessageKey = string | string[];

/** The i18n key of a catalogued code's text (namespace errors, loaded lazily: see i18n/index.ts). */
export function errorCodeKey(code: ErrorCode): string {
  return `${errorsNamespace}:${code}`;
}

/**
 * The i18n keys of the message to show for a failed call. Every code of the contracts' error catalogue
 * has its own text; until the errors namespace has loaded (the boot loads it once the first page is up)
 * the generic message stands in. Client-side failures and codes outside the catalogue get the generic
 * messages of the main dictionary, which is bundled, so they show even when no chunk can load.
 */
export function errorMessageKey(error: unknown): MessageKey {
  if (!isApiError(error)) return 'errors.unknown';
  if (error.code === clientErrorCodes.network || error.code === clientErrorCodes.timeout) {
    return 'errors.networkAbnormal';
  }
  const generic = error.status >= 500 ? 'errors.server' : 'errors.unknown';
  return isErrorCode(error.code) ? [errorCodeKey(error.code), generic] : generic;
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
