import { errorEnvelope } from '@portal/contracts';

/** The success envelope every route returns: `{ success: true, value, message }`. */
export function ok<T>(value: T, message = ''): { success: true; value: T; message: string } {
  return { success: true, value, message };
}

/**
 * The response schemas of a route's failure statuses, each the error envelope: one line per routes
 * file instead of a map that repeats `errorEnvelope` for every status.
 */
export function errorResponses<const Codes extends readonly number[]>(
  ...codes: Codes
): { [Code in Codes[number]]: typeof errorEnvelope } {
  return Object.fromEntries(codes.map((code) => [code, errorEnvelope])) as {
    [Code in Codes[number]]: typeof errorEnvelope;
  };
}
