import type { OperatorRole } from '@portal/contracts';
import type { OperatorCallName } from '@portal/contracts/calls';

const admin: readonly OperatorRole[] = ['admin'];
const money: readonly OperatorRole[] = ['admin', 'finance'];
const content: readonly OperatorRole[] = ['admin', 'support'];
const everyone: readonly OperatorRole[] = ['admin', 'finance', 'support'];

/**
 * Who may make each operator (/ops) call: the one reviewed table of the operator API's authorization
 * (issue 16). It is written from the routes' requireOperator guards and checked against them by
 * ops-access.test.ts, which sends every call with every role's token; a call missing here fails the type
 * check and the test. 'public' is the login, the one call without a token.
 *
 * The rule of thumb: every role reads; only admin and finance move money (deposit, withdrawal, claim and
 * redeem decisions, points items and settings); admin and support write content and moderate; the
 * merchant's switches (games, rewards set-up, contract policy, security alerts) are admin's alone.
 */
export const opsAccess: Record<OperatorCallName, readonly OperatorRole[] | 'public'> = {
  // Session: every operator manages their own session and authenticator.
  operatorLogin: 'public',
  operatorMe: everyone,
  operatorLogout: everyone,
  opsTotpEnrol: everyone,
  opsTotpConfirm: everyone,
  opsSecurityAlerts: admin,

  // Payments: every role reads the queues and proofs; admin and finance decide.
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
  opsGameVendorUpdate: admin,
  opsGameUpdate: admin,
  opsGameVendorSync: admin,

  // Content: every role reads; admin and support write.
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
  opsMessageCreate: content,
  opsMessageUpdate: content,
  opsMessagePublish: content,
  opsMessageUnpublish: content,
  opsFeedback: everyone,
  opsFeedbackHandle: everyone,
  opsFeedbackImage: everyone,

  // Agent contract policy: admin and finance read, admin sets.
  opsContractPolicy: money,
  opsSetContractPolicy: admin,

  // Rewards: admin sets up activities, envelopes, raffles and settings; admin and finance decide claims.
  opsActivities: everyone,
  opsActivityCreate: admin,
  opsActivityClose: admin,
  opsRewardClaims: everyone,
  opsRewardClaimDecide: money,
  opsRewardSettings: money,
  opsRewardSettingsSet: admin,
  opsActivityComments: everyone,
  opsActivityCommentHide: content,
  opsReferrals: everyone,
  opsRedEnvelopes: everyone,
  opsRedEnvelopeCreate: admin,
  opsRaffles: everyone,
  opsRaffleCreate: admin,

  // Points and the points mall: every role reads; admin and finance price, stock and decide.
  opsPointsSettings: everyone,
  opsPointsSettingsSet: money,
  opsPointsItems: everyone,
  opsPointsItemCreate: money,
  opsPointsItemUpdate: money,
  opsPointsRedeems: everyone,
  opsPointsRedeemDecide: money,
};
