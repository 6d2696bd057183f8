import { isApiError } from './api-error';

// Server codes with their own translated text; others fall back to the generic messages below.
const translatedCodes = new Set([
  'unauthorized',
  'forbidden',
  'not_found',
  'too_many_requests',
  'service_unavailable',
  'in_need_true_account',
]);

/** The i18n key of the message to show for a failed call. */
export function errorMessageKey(error: unknown): string {
  if (!isApiError(error)) return 'errors.unknown';
  if (error.code === 'network' || error.code === 'timeout') return 'errors.networkAbnormal';
  if (translatedCodes.has(error.code)) return `errors.codes.${error.code}`;
  if (error.status >= 500) return 'errors.server';
  return 'errors.unknown';
}
