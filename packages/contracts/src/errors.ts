/**
 * Stable machine-readable error codes. The web app translates each code; the server's `message` is the
 * English fallback. Every area adds its codes here, so the list stays the one catalogue.
 */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'malformed_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'in_need_true_account',
  'game_maintenance',
  // Lotteries (docs/lottery.md).
  'lottery_not_found',
  'draw_not_found',
  'draw_not_revealed',
  'betting_closed',
  'invalid_pick',
] as const;

export type ErrorCode = (typeof errorCodes)[number];
