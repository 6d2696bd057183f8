import type { OperatorCallName } from '@portal/contracts/calls';
import { operatorRoles, type OperatorRole } from '@portal/contracts';
import { opsAccess } from '../modules/operators/ops-access';
import type { DefinedCallName } from './defined-calls';

/**
 * The authorization matrix of the whole portal (issue 21): for every call the contracts define, what
 * each kind of caller gets. One reviewed table; http/access-matrix.test.ts sends every call as every
 * caller and checks the answers against it, and renders it as docs/access-matrix.md
 * (`UPDATE_ACCESS_MATRIX=1`). A call missing here fails the type check and the test; so does an entry
 * for a call that no longer exists.
 *
 * The /ops calls' operator columns are not written here: they come from ops-access.ts, the operator
 * API's own reviewed table, which is also its guard (ops-access.test.ts checks those cells).
 *
 * Generated once from the portal's answers (2026-11-26), then reviewed against the specification
 * (section 6, roles and permissions; section 9, agent and trial types) and decision 0028 (agent types).
 */

/** The agent types of spec section 9 as literals (the test checks them against the contracts' agentTypes). */
export const agentColumnTypes = [1, 2, 41, 42] as const;

/** The kinds of caller, one column each. */
export const roles = [
  'visitor', // no token
  'trial', // a free-play session (member type 4)
  'player', // a member (type 0)
  ...agentColumnTypes.map((type) => `agent${type}` as const), // agents 1 (top), 2, 41, 42 (decision 0028)
  'gameSession', // the game session token of a BGS launch (the ?session= of /bgs/play), not a portal session
  ...operatorRoles, // the six staff roles
  'vendor', // a game vendor's signed seamless-wallet request (BGS's secret)
] as const;
export type Role = (typeof roles)[number];

/**
 * What a caller gets: `allow` (the call is the caller's to make: any answer but 401 or 403, or one of
 * `refusalsAfterAuthorization`), or the exact refusal, status and code.
 */
export type Answer =
  | 'allow'
  | '401 unauthorized' // no token at all
  | '401 session_expired' // a token that is no live session of this kind (a staff token on a member call)
  | '401 game_session_invalid' // no game session of a BGS launch
  | '401 unknown_vendor' // no signature of a known vendor
  | '403 in_need_true_account' // a trial account (spec section 6)
  | '403 not_agent' // the agent centre, asked by a member
  | '403 forbidden' // a rule of the caller's type (agent 42 creates no downline)
  | '403 operator_role_forbidden'; // a staff role the call is not for (ops-access.ts)

export type Row = Readonly<Record<Role, Answer>>;

/**
 * 401 and 403 answers that come after the caller was let in, about the request's content or the
 * merchant's switches: an allowed caller may get them for the sample request; a caller without the
 * right never does (the guard answers first).
 */
export const refusalsAfterAuthorization: ReadonlySet<string> = new Set([
  'invalid_credentials', // a login with a wrong password
  'payment_password_wrong', // a transfer or withdrawal with a wrong payment password
  'not_downline', // a transfer to an account outside the agent's team
  'points_convert_off', // the merchant has points conversion switched off
]);

const staffRoles = Object.fromEntries(operatorRoles.map((role) => [role, '401 session_expired'])) as Record<
  OperatorRole,
  Answer
>;
const agentColumns = (answer: Answer) =>
  Object.fromEntries(agentColumnTypes.map((type) => [`agent${type}`, answer])) as Record<
    `agent${(typeof agentColumnTypes)[number]}`,
    Answer
  >;
const everyone = (answer: Answer): Row =>
  Object.fromEntries(roles.map((role) => [role, answer])) as Record<Role, Answer>;

/** Anyone: no token needed; a token or a signature sent along changes nothing. */
const open: Row = everyone('allow');

/** A signed-in player or agent, a trial session included (reads of the account itself). */
const accounts: Row = {
  visitor: '401 unauthorized',
  trial: 'allow',
  player: 'allow',
  ...agentColumns('allow'),
  gameSession: '401 session_expired',
  ...staffRoles,
  vendor: '401 unauthorized',
};

/** A real account, player or agent: a trial session gets in_need_true_account (spec section 6). */
const realAccounts: Row = { ...accounts, trial: '403 in_need_true_account' };

/** The agent centre: agents of every type; a member gets not_agent (spec section 6). */
const agents: Row = { ...realAccounts, player: '403 not_agent' };

/** The BGS game page's calls: the launch's game session only, never a portal token. */
const inhouseGame: Row = { ...everyone('401 game_session_invalid'), gameSession: 'allow' };

/** The seamless wallet: a vendor's signed request only. */
const signedVendor: Row = { ...everyone('401 unknown_vendor'), vendor: 'allow' };

/** An /ops call: the staff roles ops-access.ts names; any other caller has no staff session. */
function staffCall(name: OperatorCallName): Row {
  const access = opsAccess[name];
  if (access === 'public') return open;
  const staff = Object.fromEntries(
    operatorRoles.map((role) => [role, access.includes(role) ? 'allow' : '403 operator_role_forbidden']),
  ) as Record<OperatorRole, Answer>;
  return {
    ...accounts,
    visitor: '401 unauthorized',
    trial: '401 session_expired',
    player: '401 session_expired',
    ...agentColumns('401 session_expired'),
    ...staff,
  };
}

/** The calls outside /ops, by the catalogue's order: method and path in the comment. */
const portalCalls: Record<Exclude<DefinedCallName, OperatorCallName>, Row> = {
  // Identity. Reviewed: the logins, registration, password recovery and the SMS codes are open (a token
  // sent along changes nothing); a wrong password's 401 invalid_credentials comes after authorization.
  publicKey: open, // GET /wps/system/publicKey
  captcha: open, // GET /wps/captcha
  login: open, // POST /wps/session/login
  loginSecondFactor: open, // POST /wps/session/login/verify
  smsLoginCode: open, // POST /wps/verification/sms/noLogin
  smsRegisterCode: open, // POST /wps/verification/sms/register
  freePlay: open, // POST /wps/session/login/freeplay
  // A trial session logs out too; a staff token is no member session.
  logout: accounts, // DELETE /wps/session/logout
  // Content. The lists, details and popups carry the token when there is one (a member's view differs:
  // promotions, acknowledged popups) and answer visitors too (content.calls.ts says so).
  contentImageFile: open, // GET /wps/content/images/*
  announcementList: open, // GET /wps/relay/announcement_list
  announcementDetail: open, // GET /wps/relay/announcement_detail
  announcementNotices: open, // GET /wps/relay/announcement_notices
  announcementPopups: open, // GET /wps/relay/announcement_popups
  announcementPopupSeen: accounts, // POST /wps/relay/announcement_popupSeen
  bannerList: open, // GET /wps/relay/banner_list
  liveChatOpen: open, // GET /wps/relay/livechat_open
  // Games. The lists answer visitors (gameList's token only adds favourites); the account's own lists and
  // the launch need a real account: a trial session may not launch a game (spec section 6).
  gameMenus: open, // GET /lgw/games/game_menus
  gameList: open, // GET /wps/relay/games_list
  gameLanes: open, // GET /wps/relay/games_lanes
  gameHot: open, // GET /wps/relay/games_hot
  gameWinners: open, // GET /wps/relay/games_winners
  gameFavourites: realAccounts, // GET /wps/relay/games_favorites
  gameFavouriteAdd: realAccounts, // POST /wps/relay/games_favorite
  gameFavouriteRemove: realAccounts, // DELETE /wps/relay/games_favorite
  gameRecent: realAccounts, // GET /wps/relay/games_recent
  launchGame: realAccounts, // POST /wps/game/launchGame
  // Records of the account's own money: real accounts.
  walletHistory: realAccounts, // GET /wps/relay/wallet_history
  accountRecords: realAccounts, // GET /wps/relay/account_records
  betRecords: realAccounts, // GET /wps/relay/bet_records
  personalProfit: realAccounts, // GET /wps/relay/personal_profit
  bonusDetails: realAccounts, // GET /wps/relay/bonus_details
  // BGS in-house games: the game session of a launch, never a portal token (inhouse.routes.ts); a round's
  // proof (bgsVerify, crashRound) is open, as provably fair play needs.
  bgsSession: inhouseGame, // GET /wps/inhouse/session
  bgsSeed: inhouseGame, // GET /wps/inhouse/seed
  bgsClientSeed: inhouseGame, // POST /wps/inhouse/seed/client
  bgsRotateSeed: inhouseGame, // POST /wps/inhouse/seed/rotate
  bgsSlotSpin: inhouseGame, // POST /wps/inhouse/slot/spin
  bgsDiceRoll: inhouseGame, // POST /wps/inhouse/dice/roll
  bgsMinesStart: inhouseGame, // POST /wps/inhouse/mines/start
  bgsMinesReveal: inhouseGame, // POST /wps/inhouse/mines/reveal
  bgsMinesCashout: inhouseGame, // POST /wps/inhouse/mines/cashout
  bgsMinesActive: inhouseGame, // GET /wps/inhouse/mines/active
  bgsRounds: inhouseGame, // GET /wps/inhouse/rounds
  bgsRound: inhouseGame, // GET /wps/inhouse/rounds/:roundId
  bgsVerify: open, // POST /wps/inhouse/verify
  crashState: inhouseGame, // GET /wps/inhouse/crash/state
  crashBet: inhouseGame, // POST /wps/inhouse/crash/bet
  crashCashout: inhouseGame, // POST /wps/inhouse/crash/cashout
  crashRound: open, // GET /wps/inhouse/crash/rounds/:roundId
  // Lottery: menus, results and proofs are open; betting and one's own bets need a real account (spec
  // section 6: lottery routes need a token).
  lotteryMenu: open, // GET /lgw/vn/games/game_menu
  lotteryModelList: open, // GET /wps/relay/lottery_modelList
  lotteryMenuRecent: realAccounts, // GET /lgw/vn/games/game_menu/recent
  lotteryOpenedNumero: open, // GET /lotto/lgw/games/opened/numero
  lotteryResults: open, // GET /lgw/vn/numeros/opened/game
  lotteryBet: realAccounts, // POST /wps/relay/lottery_bet
  lotteryMyBets: realAccounts, // GET /wps/relay/lottery_myBets
  lotteryDraw: open, // GET /wps/relay/lottery_draw
  lotteryVerify: open, // GET /wps/relay/lottery_verify
  // Registration, social login, the affiliate-code check and password recovery: open.
  register: open, // PUT /wps/member/register
  socialLoginStart: open, // POST /wps/session/oidc/start
  socialLoginExchange: open, // POST /wps/session/oidc/exchange
  registerMobile: open, // PUT /wps/member/register/mobile
  affiliate: open, // GET /wps/agent/affiliate
  // The member's own information: a trial session reads it; changing credentials needs a real account.
  memberInfo: accounts, // GET /wps/member/info
  memberIcon: accounts, // GET /wps/member/info/icon
  changePassword: realAccounts, // POST /wps/member/password
  forgotByEmail: open, // POST /wps/member/password/email
  resetByEmail: open, // POST /wps/member/password/email/reset
  resetByPhone: open, // POST /wps/member/password/verification
  sessions: realAccounts, // GET /wps/member/sessions
  revokeSession: realAccounts, // DELETE /wps/member/sessions/:id
  totpEnrol: realAccounts, // POST /wps/member/totp/enrol
  totpConfirm: realAccounts, // POST /wps/member/totp/confirm
  totpDisable: realAccounts, // DELETE /wps/member/totp
  // Messages: a trial session reads its messages. Feedback carries the token when there is one and
  // takes a visitor's too (with a captcha).
  messageList: accounts, // GET /wps/relay/message_list
  messageUnreadCount: accounts, // GET /wps/relay/message_unreadCount
  messageRead: accounts, // POST /wps/relay/message_read
  feedback: open, // PUT /wps/feedback
  // Payments: real accounts only. A wrong payment password (withdrawalCreate, transferUpline) is a
  // refusal after authorization; transfers down the team are the agents' (spec section 6).
  paymentChannels: realAccounts, // GET /wps/payments/channels
  depositCreate: realAccounts, // POST /wps/payments/deposits
  deposits: realAccounts, // GET /wps/payments/deposits
  depositStatus: realAccounts, // GET /wps/payments/deposits/:id
  withdrawalCreate: realAccounts, // POST /wps/payments/withdrawals
  withdrawals: realAccounts, // GET /wps/payments/withdrawals
  withdrawalConfirm: realAccounts, // POST /wps/payments/withdrawals/:id/confirm
  paymentPasswordStatus: realAccounts, // GET /wps/member/payment-password
  paymentPasswordSet: realAccounts, // POST /wps/member/payment-password
  paymentPasswordChange: realAccounts, // POST /wps/member/payment-password/change
  bankAccounts: realAccounts, // GET /wps/member/bank-accounts
  bankAccountAdd: realAccounts, // POST /wps/member/bank-accounts
  bankAccountRemove: realAccounts, // DELETE /wps/member/bank-accounts/:id
  upline: realAccounts, // GET /wps/member/transfer/upline
  transferUpline: realAccounts, // POST /wps/member/transfer/upline
  downlines: agents, // GET /wps/member/transfer/downlines
  transferDownline: agents, // POST /wps/member/transfer/downline
  // A gateway's callback is checked by the gateway's own signature inside, not by a caller's role; the
  // push socket authenticates with the token of its first message (decision 0042).
  paymentGatewayCallback: open, // POST /wps/payments/callback/:gatewayCode
  pushSocket: open, // GET /wps/push
  systemStatus: open, // GET /wps/system/status
  whitelabel: open, // GET /wps/system/whitelabel
  permission: open, // GET /wps/system/permission
  registerSettings: open, // GET /wps/system/setting/register
  domainRoute: open, // GET /wps/system/domainRoute
  helpCenter: open, // GET /wps/system/helpCenter
  // The seamless wallet: a vendor's signed request; anyone else is an unknown vendor.
  seamlessBalance: signedVendor, // POST /vendor/v1/seamless/balance
  seamlessBet: signedVendor, // POST /vendor/v1/seamless/bet
  seamlessWin: signedVendor, // POST /vendor/v1/seamless/win
  seamlessRollback: signedVendor, // POST /vendor/v1/seamless/rollback
  // Wallets: a trial session sees its play balance; transfers to vendors need a real account.
  walletBalance: accounts, // GET /wps/v2/wallets/balance
  merchantWallet: open, // GET /wps/v2/wallets/merchant
  consolidatedFunds: realAccounts, // GET /wps/member/info/funds/consolidated
  walletVendors: realAccounts, // GET /wps/relay/wallet_vendors
  walletTransfer: realAccounts, // POST /wps/relay/wallet_transfer
  walletTransfers: realAccounts, // GET /wps/relay/wallet_transfers
  walletTransferAll: realAccounts, // POST /wps/relay/wallet_transferAll
  // The agent centre: every agent type (decision 0028); a member gets not_agent, a trial session
  // in_need_true_account (spec section 6).
  agentTeamOverview: agents, // GET /wps/agent/team/overview
  agentDownlines: agents, // GET /wps/agent/downlines
  agentDownlinesCsv: agents, // GET /wps/agent/downlines.csv
  // Type 42 (a referral sub-agent) creates no account directly: its link and QR only (decision 0028).
  agentCreateDownline: { ...agents, agent42: '403 forbidden' }, // POST /wps/agent/downlines
  // Every agent the portal makes has an affiliate code (members/downline-account.ts); one inserted without
  // one would get 403 not_agent here, a misleading code, not a hole: the test's agents have codes.
  agentInvite: agents, // GET /wps/agent/invite
  agentStatement: agents, // GET /wps/agent/statement
  agentStatementCsv: agents, // GET /wps/agent/statement.csv
  agentRevenue: agents, // GET /wps/agent/revenue
  agentRevenueCsv: agents, // GET /wps/agent/revenue.csv
  agentTransactions: agents, // GET /wps/agent/transactions
  agentTransactionsCsv: agents, // GET /wps/agent/transactions.csv
  agentAnnouncements: agents, // GET /wps/agent/announcements
  agentContractFlags: agents, // GET /wps/agent/contracts/consolidated
  agentContracts: agents, // GET /wps/agent/contracts
  agentContractOfferPreview: agents, // POST /wps/agent/contracts/preview
  agentContractOffer: agents, // POST /wps/agent/contracts
  agentContractPreview: agents, // GET /wps/agent/contracts/:id/preview
  agentContractAccept: agents, // POST /wps/agent/contracts/:id/accept
  agentContractReject: agents, // POST /wps/agent/contracts/:id/reject
  agentContractTerminate: agents, // POST /wps/agent/contracts/:id/terminate
  salaryRecords: agents, // GET /wps/relay/salary_records
  salaryExport: agents, // GET /wps/relay/salary_export
  dividendRecords: agents, // GET /wps/relay/dividend_records
  dividendExport: agents, // GET /wps/relay/dividend_export
  // Rewards and points: real accounts; the fairness proofs of red envelopes and raffles are open. Points
  // conversion switched off answers points_convert_off after authorization.
  rewardCenter: realAccounts, // GET /wps/rewards/activities
  activityJoin: realAccounts, // POST /wps/rewards/activities/:id/join
  activityClaim: realAccounts, // POST /wps/rewards/activities/:id/claim
  missionLeaderboard: realAccounts, // GET /wps/rewards/activities/:id/leaderboard
  bonusWallet: realAccounts, // GET /wps/rewards/bonuses
  redEnvelopes: realAccounts, // GET /wps/rewards/red-envelopes
  redEnvelopeClaim: realAccounts, // POST /wps/rewards/red-envelopes/:id/claim
  redEnvelopeVerify: open, // GET /wps/rewards/red-envelopes/:id/verify
  raffles: realAccounts, // GET /wps/rewards/raffles
  raffleDetail: realAccounts, // GET /wps/rewards/raffles/:id
  raffleVerify: open, // GET /wps/rewards/raffles/:id/verify
  referral: realAccounts, // GET /wps/rewards/referral
  activityComments: realAccounts, // GET /wps/rewards/activities/:id/comments
  activityCommentPost: realAccounts, // POST /wps/rewards/activities/:id/comments
  commentImageFile: open, // GET /wps/rewards/comment-images/*
  pointsBalance: realAccounts, // GET /wps/relay/points_balance
  pointsReward: realAccounts, // GET /wps/relay/points_reward
  pointsRedeem: realAccounts, // POST /wps/relay/points_redeem
  pointsConvert: realAccounts, // POST /wps/relay/points_convert
  pointsConfig: open, // GET /wps/relay/points_config
  pointsRecords: realAccounts, // GET /wps/relay/points_records
  pointsRedeemHistory: realAccounts, // GET /wps/relay/points_redeemHistory
  // Responsible gaming: real accounts (self-exclusion and limits are the account's own).
  rgOverview: realAccounts, // GET /wps/rg/overview
  rgLimitSet: realAccounts, // PUT /wps/rg/limits
  rgSessionLimitSet: realAccounts, // PUT /wps/rg/session-limit
  rgPendingCancel: realAccounts, // POST /wps/rg/limits/cancel
  rgRealityCheckSet: realAccounts, // PUT /wps/rg/reality-check
  rgBlock: realAccounts, // POST /wps/rg/block
  rgSession: realAccounts, // GET /wps/rg/session
  rgMoneySummary: realAccounts, // GET /wps/rg/money
  rgEvents: realAccounts, // GET /wps/rg/events
};

/** Every defined call's row: the portal's calls above, the /ops calls from ops-access.ts. */
export const accessMatrix: Readonly<Record<DefinedCallName, Row>> = {
  ...portalCalls,
  ...(Object.fromEntries(
    (Object.keys(opsAccess) as OperatorCallName[]).map((name) => [name, staffCall(name)]),
  ) as Record<OperatorCallName, Row>),
};
