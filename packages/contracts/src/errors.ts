/**
 * The catalogue of error codes: every `code` a failure envelope can carry, grouped by the module that
 * answers it, each with its HTTP status. The server throws only these (`AppError` takes an
 * `ErrorCode` and reads the status here), the call definitions list the ones each call can answer (so
 * OpenAPI lists their statuses), and the web app translates every one of them (a test fails on a code
 * without EN and TY text). Pure data: the web bundle imports it at no cost.
 */

/** Codes any call can answer: framework refusals, sessions, limits. */
export const commonErrors = {
  bad_request: 400,
  validation_failed: 400,
  malformed_json: 400,
  unauthorized: 401,
  session_expired: 401,
  forbidden: 403,
  in_need_true_account: 403,
  password_change_required: 403,
  not_found: 404,
  merchant_not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unknown_host: 421,
  too_many_requests: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

/** Identity: login, registration, captcha, SMS codes (spec section 8 phone codes), second step. */
export const authErrors = {
  invalid_credentials: 401,
  captcha_required: 400,
  captcha_invalid: 400,
  too_many_attempts: 429,
  side_not_allowed: 403,
  account_disabled: 403,
  second_factor_invalid: 400,
  invitation_code_error: 400,
  registration_closed: 403,
  encryption_invalid: 400,
  replayed_request: 409,
  'invalid-phone-number': 400,
  'missing-phone-number': 400,
  'too-many-requests': 429,
  'invalid-verification-code': 400,
  'missing-verification-code': 400,
  'code-expired': 400,
  'quota-exceeded': 429,
  'operation-not-allowed': 403,
  sms_gateway_failed: 502,
  /** Social login: the provider is not configured or switched off for this merchant. */
  social_login_unavailable: 404,
  /** Social login: the provider could not be reached or its answer did not verify. */
  social_login_failed: 502,
  /** Social login: the callback's ticket is unknown, used or expired. */
  social_login_ticket_invalid: 400,
  /** A new social login provider needs its client secret. */
  social_login_secret_required: 400,
} as const;

/** Operators (back office). */
export const operatorErrors = {
  operator_role_forbidden: 403,
  /** The session may only enrol an authenticator (every staff account has one) or log out. */
  operator_totp_enrolment_required: 403,
  /** The session may only change the password (reset or initial) or log out. */
  operator_password_change_required: 403,
  /** The merchant's staff IP allow-list does not hold this address. */
  operator_ip_not_allowed: 403,
  /** An allow-list that would shut out the owner saving it. */
  operator_ip_self_lockout: 409,
  /** The change would leave the merchant without an enabled owner. */
  operator_last_owner: 409,
  operator_username_taken: 409,
  operator_not_found: 404,
} as const;

/** The ledger. */
export const walletErrors = {
  insufficient_funds: 409,
  invalid_amount: 400,
  invalid_request: 400,
  currency_mismatch: 400,
  already_reversed: 409,
  hold_not_reversible: 409,
  hold_settled: 409,
  not_a_hold: 409,
} as const;

/** Deposits, withdrawals, payment passwords, bank accounts, transfers along the hierarchy. */
export const paymentErrors = {
  channel_unavailable: 404,
  amount_out_of_range: 400,
  invalid_image: 400,
  image_too_large: 413,
  already_decided: 409,
  amount_mismatch: 409,
  payment_password_not_set: 409,
  payment_password_already_set: 409,
  payment_password_wrong: 403,
  payment_password_locked: 429,
  bank_account_limit: 409,
  bank_account_exists: 409,
  bank_account_not_found: 404,
  withdrawal_not_found: 404,
  deposit_not_found: 404,
  invalid_confirmation: 409,
  receipt_window_closed: 409,
  no_upline: 404,
  not_agent: 403,
  not_downline: 403,
  invalid_signature: 401,
  gateway_unavailable: 502,
} as const;

/** Game vendors: the seamless wallet API, transfer-mode vendors, the catalogue. */
export const vendorErrors = {
  unknown_vendor: 401,
  stale_timestamp: 401,
  unknown_merchant: 404,
  unknown_player: 404,
  bet_rolled_back: 409,
  already_rolled_back: 409,
  round_has_no_bet: 409,
  win_limit_exceeded: 409,
  vendor_not_found: 404,
  vendor_not_transfer_mode: 409,
  vendor_transfer_failed: 409,
  vendor_unavailable: 503,
  catalogue_not_published: 409,
} as const;

/** Games: launching, favourites, the in-house games. */
export const gameErrors = {
  game_maintenance: 503,
  favourites_full: 409,
  game_session_invalid: 401,
  bet_out_of_range: 400,
  invalid_bet_step: 400,
  round_in_progress: 409,
  round_not_found: 404,
  round_not_open: 409,
  tile_already_revealed: 409,
  nothing_to_cash_out: 409,
  /** Crash: the player already has a bet in this round. */
  crash_bet_placed: 409,
  /** Crash: the cash-out arrived after the crash point (server time decides). */
  round_crashed: 409,
  /** A bet the wallet refused without a recorded reason (the reason is answered when there is one). */
  bet_refused: 409,
  /** A round whose bet answer was lost was rolled back by the recovery job; a late retry is refused. */
  abandoned: 409,
  wallet_unavailable: 503,
} as const;

/** Lotteries (docs/lottery.md). */
export const lotteryErrors = {
  lottery_not_found: 404,
  draw_not_found: 404,
  draw_not_revealed: 409,
  betting_closed: 409,
  invalid_pick: 400,
} as const;

/** History reads. */
export const historyErrors = {
  invalid_date: 400,
  invalid_range: 400,
} as const;

/** Content, messages and feedback. */
export const contentErrors = {
  announcement_not_found: 404,
  banner_not_found: 404,
  help_article_not_found: 404,
  help_term_taken: 409,
  resource_not_found: 404,
  service_entry_not_found: 404,
  content_empty_after_sanitizing: 400,
  duplicate_image_sequence: 400,
  message_not_found: 404,
  message_recipient_unknown: 400,
  message_audience_fixed: 409,
  feedback_not_found: 404,
  /** An answer was already sent (a message cannot be taken back); the operator sees it in the queue. */
  feedback_answered: 409,
  feedback_fields_empty: 400,
  feedback_type_invalid: 400,
  feedback_too_many_images: 400,
  feedback_content_length: 400,
} as const;

/** Agent contracts, salaries and dividends (decision 0029). */
export const contractErrors = {
  contract_kind_off: 403,
  contract_not_found: 404,
  contract_self: 400,
  contract_not_direct: 403,
  contract_counterpart_not_agent: 409,
  tiers_invalid: 400,
  rate_above_upline: 409,
  no_own_rate: 409,
  contract_pending_exists: 409,
  contract_own_offer: 403,
  contract_not_pending: 409,
  contract_ended: 409,
  contracts_would_end: 409,
  contracts_live: 409,
} as const;

/** Rewards: activities, claims and the bonus wallet (decision 0030). */
export const rewardErrors = {
  activity_not_found: 404,
  activity_not_open: 409,
  activity_not_eligible: 403,
  activity_nothing_to_claim: 409,
  activity_contact_required: 400,
  activity_same_device: 403,
  activity_over_cap: 400,
  claim_not_found: 404,
  claim_decided: 409,
  wagering_unmet: 409,
  bonus_forfeit_unconfirmed: 409,
  /** The merchant's referral promotion is off (decision 0032). */
  referral_off: 403,
  /** A registration's referral code names no player of the merchant. */
  referral_code_error: 400,
  /** The activity does not ask for comments. */
  activity_comments_off: 409,
  /** A comment is 1 to 140 characters. */
  comment_length: 400,
  comment_too_many_images: 400,
  comment_not_found: 404,
} as const;

/** Red envelopes and raffles (decision 0031). */
export const rewardDrawErrors = {
  red_envelope_not_found: 404,
  red_envelope_not_started: 409,
  red_envelope_closed: 409,
  red_envelope_empty: 409,
  raffle_not_found: 404,
} as const;

/** Points and the points mall (decision 0033). */
export const pointsErrors = {
  points_insufficient: 409,
  points_item_not_found: 404,
  /** The item is disabled or out of stock. */
  points_item_unavailable: 409,
  /** Units below the item's minimum or above its maximum. */
  points_units_out_of_range: 400,
  /** Goods and vouchers need a receiving address and phone. */
  points_address_required: 400,
  points_vip_level_required: 403,
  points_convert_off: 403,
  /** The points would convert to less than the currency's smallest unit. */
  points_amount_too_small: 400,
  points_redeem_not_found: 404,
  points_redeem_decided: 409,
} as const;

/** Responsible gaming (issue 17, docs/responsible-gaming.md). */
export const rgErrors = {
  /** Login refused: the player is on a break until the date in the answer. */
  rg_on_break: 403,
  /** Login refused: the player is self-excluded until the date in the answer (none: permanent). */
  rg_self_excluded: 403,
  /** Login refused: a self-exclusion ended; the account reopens after a 24-hour cooling-off. */
  rg_reopen_pending: 403,
  /** Seamless wallet: a bet of a player on a break or self-excluded (vendors: do not retry). */
  rg_blocked: 403,
  /** Seamless wallet: a bet past the player's loss, wager or session time limit (vendors: do not retry). */
  rg_limit_reached: 403,
  /** A deposit that would take the player past a deposit limit. */
  rg_deposit_limit: 409,
  rg_permanent_not_allowed: 403,
  rg_nothing_pending: 404,
  /** A reward activity, red envelope or other promotion asked for during a break or self-exclusion. */
  rg_no_promotions: 403,
} as const;

/** The operator's players and agents: moves in the agent tree, balance adjustments (issue 16). */
export const playerOpsErrors = {
  /** The move breaks a placement rule (another merchant, not an agent, a top agent, its own upline). */
  placement_invalid: 409,
  /** The new upline is inside the moved account's own team. */
  placement_cycle: 409,
  adjustment_not_found: 404,
  adjustment_decided: 409,
  /** Four eyes: the operator who requested an adjustment cannot approve or reject it. */
  adjustment_own_request: 403,
} as const;

/** The operator console's settings: payment channels, merchants and domains (issue 16). */
export const settingsErrors = {
  /** A maximum below its minimum (channel or withdrawal limits). */
  limit_range_invalid: 400,
  channel_not_found: 404,
  channel_name_taken: 409,
  channel_type_fixed: 409,
  channel_order_mismatch: 409,
  gateway_unknown: 400,
  /** Merchants and domains are the platform role's, on the platform's home merchant only. */
  platform_home_only: 403,
  merchant_code_taken: 409,
  domain_taken: 409,
  domain_not_found: 404,
  /** The call came through the domain it would remove. */
  domain_in_use: 409,
} as const;

/** Every error code with its HTTP status. */
export const errorStatus = {
  ...commonErrors,
  ...authErrors,
  ...operatorErrors,
  ...walletErrors,
  ...paymentErrors,
  ...vendorErrors,
  ...gameErrors,
  ...lotteryErrors,
  ...historyErrors,
  ...contentErrors,
  ...contractErrors,
  ...rewardErrors,
  ...rewardDrawErrors,
  ...pointsErrors,
  ...playerOpsErrors,
  ...rgErrors,
  ...settingsErrors,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** Every error code, for iteration (translations, documentation). */
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** Whether a string is a catalogued error code. */
export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(errorStatus, code);
}
