import type { OperatorRole } from '@portal/contracts';
import type { OperatorCallName } from '@portal/contracts/calls';

const owner: readonly OperatorRole[] = ['owner'];
const money: readonly OperatorRole[] = ['owner', 'finance'];
const content: readonly OperatorRole[] = ['owner', 'content'];
const messaging: readonly OperatorRole[] = ['owner', 'content', 'support'];
const moderators: readonly OperatorRole[] = ['owner', 'content', 'support'];
const security: readonly OperatorRole[] = ['owner', 'risk'];
const reporting: readonly OperatorRole[] = ['owner', 'finance', 'risk'];
const platform: readonly OperatorRole[] = ['platform'];
const everyone: readonly OperatorRole[] = ['owner', 'finance', 'support', 'content', 'risk', 'platform'];

/**
 * Who may make each operator (/ops) call: the one reviewed table of the operator API's authorization
 * (issue 16). The ops-routes hook (ops-routes.ts) takes each call's guard from here, so the table is the
 * guard; ops-access.test.ts sends every call with every role's token and checks the answers. A call
 * missing here fails the type check and the test. 'public' is the login, the one call without a token.
 *
 * The rule of thumb: every role reads; owner and finance move money (deposit, withdrawal, claim and
 * redeem decisions, points items and settings); owner and content write what players read, support too
 * for messages and moderation; owner and risk read security alerts; the merchant's switches (games,
 * rewards set-up, contract policy) are the owner's alone.
 */
export const opsAccess: Record<OperatorCallName, readonly OperatorRole[] | 'public'> = {
  // Session: every operator manages their own session and authenticator.
  operatorLogin: 'public',
  operatorMe: everyone,
  operatorLogout: everyone,
  opsTotpEnrol: everyone,
  opsTotpConfirm: everyone,
  opsPasswordChange: everyone,
  opsSecurityAlerts: security,

  // Staff accounts, their resets and the merchant's staff IP allow-list and session limits: the owner's
  // alone (platform creates merchants, not their staff: an account it made could be an owner).
  opsStaff: owner,
  opsStaffCreate: owner,
  opsStaffUpdate: owner,
  opsStaffPasswordReset: owner,
  opsStaffTotpReset: owner,
  opsStaffSecurity: owner,
  opsStaffSecuritySet: owner,

  // Payments: every role reads the queues and proofs; owner and finance decide.
  opsDeposits: everyone,
  opsDepositApprove: money,
  opsDepositReject: money,
  opsDepositProof: everyone,
  opsWithdrawals: everyone,
  opsWithdrawalApprove: money,
  opsWithdrawalReject: money,
  opsWithdrawalReturn: money,
  opsWithdrawalProof: everyone,

  // The game catalogue's switches.
  opsGameVendors: everyone,
  opsGames: everyone,
  opsGameVendorUpdate: owner,
  opsGameUpdate: owner,
  opsGameVendorSync: owner,

  // Content: every role reads; owner and content write.
  opsAnnouncements: everyone,
  opsAnnouncementCreate: content,
  opsAnnouncementUpdate: content,
  opsAnnouncementPublish: content,
  opsAnnouncementUnpublish: content,
  opsBanners: everyone,
  opsBannerCreate: content,
  opsBannerUpdate: content,
  opsBannerPublish: content,
  opsBannerUnpublish: content,
  opsHelpArticles: everyone,
  opsHelpArticleCreate: content,
  opsHelpArticleUpdate: content,
  opsHelpArticlePublish: content,
  opsHelpArticleUnpublish: content,
  opsContentImage: content,
  opsServiceEntries: everyone,
  opsServiceEntryCreate: content,
  opsServiceEntryUpdate: content,
  opsServiceEntryDelete: content,
  opsResources: everyone,
  opsResourceCreate: content,
  opsResourceUpdate: content,
  opsResourceDelete: content,

  // Messages to players; players' feedback (any role reads and marks it handled).
  opsMessages: everyone,
  opsMessageCreate: messaging,
  opsMessageUpdate: messaging,
  opsMessagePublish: messaging,
  opsMessageUnpublish: messaging,
  opsFeedback: everyone,
  opsFeedbackHandle: everyone,
  // An answer reaches the member's inbox as a message: the roles that send messages.
  opsFeedbackAnswer: messaging,
  opsFeedbackImage: everyone,

  // Agent contract policy: owner and finance read, the owner sets.
  opsContractPolicy: money,
  opsSetContractPolicy: owner,

  // Rewards: the owner sets up activities, envelopes, raffles and settings; owner and finance decide claims.
  opsActivities: everyone,
  opsActivityCreate: owner,
  opsActivityClose: owner,
  opsRewardClaims: everyone,
  opsRewardClaimDecide: money,
  opsRewardSettings: money,
  opsRewardSettingsSet: owner,
  opsActivityComments: everyone,
  opsActivityCommentHide: moderators,
  opsReferrals: everyone,
  opsRedEnvelopes: everyone,
  opsRedEnvelopeCreate: owner,
  opsRaffles: everyone,
  opsRaffleCreate: owner,

  // Points and the points mall: every role reads; owner and finance price, stock and decide.
  opsPointsSettings: everyone,
  opsPointsSettingsSet: money,
  opsPointsItems: everyone,
  opsPointsItemCreate: money,
  opsPointsItemUpdate: money,
  opsPointsRedeems: everyone,
  opsPointsRedeemDecide: money,

  // The audit log: the owner and risk read it and verify its chain.
  opsAuditLog: security,
  opsAuditVerify: security,

  // Reports (GGR and NGR, games, payments, players, agent payouts): owner, finance and risk read them.
  opsReportRevenue: reporting,
  opsReportRevenueCsv: reporting,
  opsReportGames: reporting,
  opsReportGamesCsv: reporting,
  opsReportPayments: reporting,
  opsReportPaymentsCsv: reporting,
  opsReportPlayers: reporting,
  opsReportPlayersCsv: reporting,
  opsReportAgentPayouts: reporting,
  opsReportAgentPayoutsCsv: reporting,

  // White-label settings are the owner's; deposit channels and limits owner's and finance's; merchants and
  // their domains the platform role's (on the platform's home merchant only, decision 0036).
  opsSettings: owner,
  opsSettingsModules: owner,
  opsSettingsLanguages: owner,
  opsSettingsBranding: owner,
  opsSettingsRegister: owner,
  opsSettingsCountries: owner,
  opsSettingsLayout: owner,
  opsSettingsSocial: owner,
  opsSettingsStatus: owner,
  opsSettingsWithdrawals: owner,
  opsPaymentChannels: money,
  opsPaymentChannelCreate: money,
  opsPaymentChannelUpdate: money,
  opsPaymentChannelOrder: money,
  opsMerchants: platform,
  opsMerchantCreate: platform,
  opsMerchantDomainAdd: platform,
  opsMerchantDomainRemove: platform,

  // Responsible gaming (issue 17): read-only for owner, risk and support (nobody lifts a block early);
  // the merchant's two switches (permanent exclusion, shared exclusions) are the owner's.
  opsRgPlayer: ['owner', 'risk', 'support'],
  opsRgReport: ['owner', 'risk', 'support'],
  opsRgSettings: ['owner', 'risk', 'support'],
  opsRgSettingsSet: owner,

  // Players and agents (issue 16): every role reads; owner, support and risk lock, unlock and reset
  // passwords; the owner creates top agents and moves accounts in the tree; owner and finance request and
  // decide balance adjustments (a second operator approves those above the threshold); the owner sets it.
  opsPlayers: everyone,
  opsPlayer: everyone,
  opsPlayerMoney: everyone,
  opsPlayerBets: everyone,
  opsPlayerSessions: everyone,
  opsPlayerLock: ['owner', 'support', 'risk'],
  opsPlayerUnlock: ['owner', 'support', 'risk'],
  opsPlayerResetPassword: ['owner', 'support', 'risk'],
  opsTopAgentCreate: owner,
  opsPlayerMove: owner,
  opsAdjustments: everyone,
  opsAdjustmentCreate: money,
  opsAdjustmentDecide: money,
  opsAdjustmentSettings: everyone,
  opsAdjustmentSettingsSet: owner,
};
