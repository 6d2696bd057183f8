import { defineCalls } from '../call';

/** What every signed vendor call can answer before its own checks: the signature and the merchant. */
const signedErrors = [
  'unknown_vendor',
  'stale_timestamp',
  'invalid_signature',
  'unknown_merchant',
  'currency_mismatch',
  'unknown_player',
] as const;

/**
 * The seamless wallet API for game vendors (`/vendor/v1/seamless/...`, docs/vendor-integration.md): signed
 * with X-Vendor-Code, X-Timestamp and X-Signature (HMAC-SHA256 of "<timestamp>.<body>" with the vendor
 * secret) instead of a token. A repeated transactionId answers the stored result; the same transactionId
 * with a different request answers idempotency_conflict (common).
 */
export const vendorCalls = defineCalls({
  seamlessBalance: {
    method: 'POST',
    path: '/vendor/v1/seamless/balance',
    moduleId: 'vendor',
    token: false,
    summary: "The player's main-wallet balance",
    body: 'seamlessBalanceRequest',
    response: 'seamlessAnswer',
    errors: signedErrors,
  },
  seamlessBet: {
    method: 'POST',
    path: '/vendor/v1/seamless/bet',
    moduleId: 'vendor',
    token: false,
    summary: 'Debit a bet (needs a live game session; insufficient_funds carries the balance)',
    body: 'seamlessBetRequest',
    response: 'seamlessAnswer',
    // An expired game session answers session_expired with status 403 (seamless.service.ts refusals).
    errors: [
      ...signedErrors,
      'invalid_amount',
      'insufficient_funds',
      'bet_rolled_back',
      'session_expired',
      'rg_blocked',
      'rg_limit_reached',
    ],
  },
  seamlessWin: {
    method: 'POST',
    path: '/vendor/v1/seamless/win',
    moduleId: 'vendor',
    token: false,
    summary: 'Credit a win (accepted after the game session expired)',
    body: 'seamlessWinRequest',
    response: 'seamlessAnswer',
    errors: [...signedErrors, 'invalid_amount', 'round_has_no_bet', 'win_limit_exceeded'],
  },
  seamlessRollback: {
    method: 'POST',
    path: '/vendor/v1/seamless/rollback',
    moduleId: 'vendor',
    token: false,
    summary: 'Refund a bet; a rollback of an unknown bet refuses that bet later',
    body: 'seamlessRollbackRequest',
    response: 'seamlessAnswer',
    errors: [...signedErrors, 'invalid_amount', 'amount_mismatch', 'already_rolled_back'],
  },
});
