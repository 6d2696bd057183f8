/**
 * The tables without the audit capture trigger (migration 0032), each for a reason: the wallet's hot path
 * (a trigger there, however cheap, rides on every bet), sessions and one-time secrets (changed by every
 * request, or secret), rollups and cursors kept by jobs, and the audit itself. Every other table records
 * what an operator's write changed in it. A new table goes on one side or the other: audit.test.ts fails
 * for a table that is on neither (attach the trigger in its migration, as 0038 does).
 */
export const unauditedTables: readonly string[] = [
  'kysely_migration',
  'kysely_migration_lock',
  'audit_log',
  'audit_changes',
  'ledger_accounts',
  'ledger_transfers',
  'seamless_transactions',
  'game_rounds',
  'member_round_days',
  'game_sessions',
  'bgs_rounds',
  'bgs_seeds',
  'crash_chains',
  'crash_rounds',
  'crash_bets',
  'crash_activity',
  'lottery_bets',
  'recent_plays',
  'rg_wager_state',
  'member_daily',
  'member_windows',
  'team_daily',
  'team_activity',
  'merchant_daily',
  'rollup_cursors',
  'points_earnings',
  'sessions',
  'operator_sessions',
  'captchas',
  'login_failures',
  'sms_codes',
  'outbox',
  'password_reset_tokens',
  'login_challenges',
  'server_keys',
  'used_nonces',
  'installation_secrets',
  'oidc_login_states',
  'oidc_login_tickets',
];
