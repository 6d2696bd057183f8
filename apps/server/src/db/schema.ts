/**
 * Table types for Kysely, kept by hand next to the migrations that create the tables: one file per area
 * under schema/, assembled here into the database type. schema-drift.test.ts holds them against the
 * migrated database (decision 0023).
 */
import type {
  CustomerServiceEntriesTable,
  HelpArticlesTable,
  MerchantDomainsTable,
  MerchantsTable,
  RegisterSettingsTable,
  ResourcesTable,
} from './schema/system';
import type {
  CaptchasTable,
  LoginChallengesTable,
  LoginFailuresTable,
  MemberKnownIpsTable,
  MembersTable,
  OutboxTable,
  PasswordResetTokensTable,
  ServerKeysTable,
  SessionsTable,
  SmsCodesTable,
  UsedNoncesTable,
} from './schema/identity';
import type {
  BankAccountsTable,
  DepositsTable,
  LedgerAccountsTable,
  LedgerTransfersTable,
  OperatorSessionsTable,
  OperatorsTable,
  PaymentChannelsTable,
  PaymentPasswordsTable,
  VendorTransfersTable,
  WithdrawalsTable,
} from './schema/money';
import type {
  BgsRoundsTable,
  BgsSeedsTable,
  CrashActivityTable,
  CrashBetsTable,
  CrashChainsTable,
  CrashRoundsTable,
  FavouriteGamesTable,
  GameRoundsTable,
  MemberRoundDaysTable,
  GameSessionsTable,
  GamesTable,
  LotteryBetsTable,
  LotteryDrawsTable,
  LotteryGamesTable,
  LotterySettlementsTable,
  MerchantGamesTable,
  MerchantVendorsTable,
  RecentPlaysTable,
  SeamlessTransactionsTable,
  VendorsTable,
} from './schema/games';
import type {
  AnnouncementImagesTable,
  AnnouncementPopupViewsTable,
  AnnouncementsTable,
  BannersTable,
  FeedbackTable,
  MessageReadsTable,
  MessageRecipientsTable,
  MessagesTable,
} from './schema/content';
import type { AdjustmentSettingsTable, BalanceAdjustmentsTable } from './schema/players';
import type { InstallationSecretsTable, SecurityAlertsTable } from './schema/security';
import type { AuditChangesTable, AuditLogTable } from './schema/audit';
import type { MerchantStaffSecurityTable } from './schema/staff';
import type {
  AgentContractEventsTable,
  AgentContractPoliciesTable,
  AgentContractsTable,
  AgentPayoutsTable,
  AgentSettlementsTable,
  AgentTreeTable,
  MemberWindowsTable,
  MemberDailyTable,
  MemberFirstDepositsTable,
  RollupCursorsTable,
  TeamActivityTable,
  TeamDailyTable,
} from './schema/agents';
import type {
  BonusGrantsTable,
  RewardActivitiesTable,
  RewardClaimsTable,
  RewardJoinsTable,
  RewardLeaderboardPeriodsTable,
  RewardSettingsTable,
} from './schema/rewards';
import type { ReferralCodesTable, ReferralsTable } from './schema/referrals';
import type { RewardActivityCommentsTable } from './schema/reward-comments';
import type {
  PointsEarningsTable,
  PointsItemsTable,
  PointsMembersTable,
  PointsRedeemsTable,
  PointsSettingsTable,
  PointsVipRewardsTable,
  PointsVipTiersTable,
} from './schema/points';
import type {
  RaffleWinnersTable,
  RafflesTable,
  RedEnvelopeSharesTable,
  RedEnvelopesTable,
} from './schema/reward-draws';
import type { MerchantDailyTable } from './schema/reports';
import type {
  MemberOidcIdentitiesTable,
  MerchantOidcProvidersTable,
  OidcLoginStatesTable,
  OidcLoginTicketsTable,
} from './schema/social-login';
import type {
  RgBlocksTable,
  RgEventsTable,
  RgLimitsTable,
  RgProfilesTable,
  RgSettingsTable,
  RgSharedBlocksTable,
  RgWagerStateTable,
} from './schema/responsible-gaming';
export * from './schema/system';
export * from './schema/identity';
export * from './schema/players';
export * from './schema/money';
export * from './schema/games';
export * from './schema/content';
export * from './schema/security';
export * from './schema/audit';
export * from './schema/agents';
export * from './schema/rewards';
export * from './schema/referrals';
export * from './schema/reward-comments';
export * from './schema/reward-draws';
export * from './schema/points';
export * from './schema/reports';
export * from './schema/responsible-gaming';
export * from './schema/staff';
export * from './schema/social-login';

export interface DB {
  merchants: MerchantsTable;
  merchant_oidc_providers: MerchantOidcProvidersTable;
  member_oidc_identities: MemberOidcIdentitiesTable;
  oidc_login_states: OidcLoginStatesTable;
  oidc_login_tickets: OidcLoginTicketsTable;
  merchant_domains: MerchantDomainsTable;
  register_settings: RegisterSettingsTable;
  customer_service_entries: CustomerServiceEntriesTable;
  resources: ResourcesTable;
  help_articles: HelpArticlesTable;
  announcements: AnnouncementsTable;
  announcement_images: AnnouncementImagesTable;
  announcement_popup_views: AnnouncementPopupViewsTable;
  banners: BannersTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  message_reads: MessageReadsTable;
  feedback: FeedbackTable;
  members: MembersTable;
  sessions: SessionsTable;
  captchas: CaptchasTable;
  login_failures: LoginFailuresTable;
  sms_codes: SmsCodesTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  member_known_ips: MemberKnownIpsTable;
  balance_adjustments: BalanceAdjustmentsTable;
  adjustment_settings: AdjustmentSettingsTable;
  login_challenges: LoginChallengesTable;
  server_keys: ServerKeysTable;
  used_nonces: UsedNoncesTable;
  ledger_accounts: LedgerAccountsTable;
  ledger_transfers: LedgerTransfersTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  merchant_staff_security: MerchantStaffSecurityTable;
  payment_channels: PaymentChannelsTable;
  deposits: DepositsTable;
  payment_passwords: PaymentPasswordsTable;
  bank_accounts: BankAccountsTable;
  withdrawals: WithdrawalsTable;
  vendors: VendorsTable;
  games: GamesTable;
  merchant_vendors: MerchantVendorsTable;
  merchant_games: MerchantGamesTable;
  favourite_games: FavouriteGamesTable;
  recent_plays: RecentPlaysTable;
  game_rounds: GameRoundsTable;
  member_round_days: MemberRoundDaysTable;
  seamless_transactions: SeamlessTransactionsTable;
  game_sessions: GameSessionsTable;
  vendor_transfers: VendorTransfersTable;
  bgs_seeds: BgsSeedsTable;
  bgs_rounds: BgsRoundsTable;
  crash_chains: CrashChainsTable;
  crash_rounds: CrashRoundsTable;
  crash_bets: CrashBetsTable;
  crash_activity: CrashActivityTable;
  lottery_games: LotteryGamesTable;
  lottery_draws: LotteryDrawsTable;
  lottery_bets: LotteryBetsTable;
  lottery_settlements: LotterySettlementsTable;
  installation_secrets: InstallationSecretsTable;
  security_alerts: SecurityAlertsTable;
  audit_log: AuditLogTable;
  audit_changes: AuditChangesTable;
  agent_tree: AgentTreeTable;
  member_daily: MemberDailyTable;
  merchant_daily: MerchantDailyTable;
  team_daily: TeamDailyTable;
  team_activity: TeamActivityTable;
  member_first_deposits: MemberFirstDepositsTable;
  rollup_cursors: RollupCursorsTable;
  member_windows: MemberWindowsTable;
  agent_contract_policies: AgentContractPoliciesTable;
  agent_contracts: AgentContractsTable;
  agent_contract_events: AgentContractEventsTable;
  agent_payouts: AgentPayoutsTable;
  agent_settlements: AgentSettlementsTable;
  reward_settings: RewardSettingsTable;
  reward_activities: RewardActivitiesTable;
  reward_joins: RewardJoinsTable;
  reward_claims: RewardClaimsTable;
  bonus_grants: BonusGrantsTable;
  reward_leaderboard_periods: RewardLeaderboardPeriodsTable;
  referral_codes: ReferralCodesTable;
  referrals: ReferralsTable;
  reward_activity_comments: RewardActivityCommentsTable;
  points_settings: PointsSettingsTable;
  points_vip_tiers: PointsVipTiersTable;
  points_items: PointsItemsTable;
  points_redeems: PointsRedeemsTable;
  points_members: PointsMembersTable;
  points_vip_rewards: PointsVipRewardsTable;
  points_earnings: PointsEarningsTable;
  red_envelopes: RedEnvelopesTable;
  red_envelope_shares: RedEnvelopeSharesTable;
  raffles: RafflesTable;
  raffle_winners: RaffleWinnersTable;
  rg_settings: RgSettingsTable;
  rg_limits: RgLimitsTable;
  rg_profiles: RgProfilesTable;
  rg_blocks: RgBlocksTable;
  rg_shared_blocks: RgSharedBlocksTable;
  rg_events: RgEventsTable;
  rg_wager_state: RgWagerStateTable;
}
