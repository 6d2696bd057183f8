/**
 * The call catalogue (spec section 7): each call's method, path, module id and whether it carries the
 * session token. Pure data without zod, so the web bundle can import it at no cost; response types
 * come from the schemas with `import type`.
 */
export interface LegacyCallDefinition {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  /** Sent as the X-Module-Id header and logged by the server. */
  readonly moduleId: string;
  /** Whether the call carries the session token (spec section 7 token flag). */
  readonly token: boolean;
}

export const calls = {
  systemStatus: { method: 'GET', path: '/wps/system/status', moduleId: 'system', token: false },
  whitelabel: { method: 'GET', path: '/wps/system/whitelabel', moduleId: 'system', token: false },
  permission: { method: 'GET', path: '/wps/system/permission', moduleId: 'system', token: false },
  registerSettings: { method: 'GET', path: '/wps/system/setting/register', moduleId: 'system', token: false },
  domainRoute: { method: 'GET', path: '/wps/system/domainRoute', moduleId: 'system', token: false },
  helpCenter: { method: 'GET', path: '/wps/system/helpCenter', moduleId: 'help', token: false },
  publicKey: { method: 'GET', path: '/wps/system/publicKey', moduleId: 'auth', token: false },
  captcha: { method: 'GET', path: '/wps/captcha', moduleId: 'auth', token: false },
  login: { method: 'POST', path: '/wps/session/login', moduleId: 'auth', token: false },
  loginSecondFactor: { method: 'POST', path: '/wps/session/login/verify', moduleId: 'auth', token: false },
  freePlay: { method: 'POST', path: '/wps/session/login/freeplay', moduleId: 'auth', token: false },
  logout: { method: 'DELETE', path: '/wps/session/logout', moduleId: 'auth', token: true },
  smsLoginCode: { method: 'POST', path: '/wps/verification/sms/noLogin', moduleId: 'auth', token: false },
  smsRegisterCode: { method: 'POST', path: '/wps/verification/sms/register', moduleId: 'auth', token: false },
  register: { method: 'PUT', path: '/wps/member/register', moduleId: 'register', token: false },
  registerMobile: { method: 'PUT', path: '/wps/member/register/mobile', moduleId: 'register', token: false },
  affiliate: { method: 'GET', path: '/wps/agent/affiliate', moduleId: 'register', token: false },
  forgotByEmail: { method: 'POST', path: '/wps/member/password/email', moduleId: 'auth', token: false },
  resetByEmail: { method: 'POST', path: '/wps/member/password/email/reset', moduleId: 'auth', token: false },
  resetByPhone: { method: 'POST', path: '/wps/member/password/verification', moduleId: 'auth', token: false },
  changePassword: { method: 'POST', path: '/wps/member/password', moduleId: 'member', token: true },
  memberInfo: { method: 'GET', path: '/wps/member/info', moduleId: 'member', token: true },
  memberIcon: { method: 'GET', path: '/wps/member/info/icon', moduleId: 'member', token: true },
  sessions: { method: 'GET', path: '/wps/member/sessions', moduleId: 'security', token: true },
  walletBalance: { method: 'GET', path: '/wps/v2/wallets/balance', moduleId: 'wallet', token: true },
  merchantWallet: { method: 'GET', path: '/wps/v2/wallets/merchant', moduleId: 'wallet', token: false },
  consolidatedFunds: {
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    moduleId: 'wallet',
    token: true,
  },
  revokeSession: { method: 'DELETE', path: '/wps/member/sessions/:id', moduleId: 'security', token: true },
  totpEnrol: { method: 'POST', path: '/wps/member/totp/enrol', moduleId: 'security', token: true },
  totpConfirm: { method: 'POST', path: '/wps/member/totp/confirm', moduleId: 'security', token: true },
  totpDisable: { method: 'DELETE', path: '/wps/member/totp', moduleId: 'security', token: true },
  // Transfer wallet and history (relay calls of spec section 7).
  walletVendors: { method: 'GET', path: '/wps/relay/wallet_vendors', moduleId: 'wallet', token: true },
  walletTransfer: { method: 'POST', path: '/wps/relay/wallet_transfer', moduleId: 'wallet', token: true },
  walletTransfers: { method: 'GET', path: '/wps/relay/wallet_transfers', moduleId: 'wallet', token: true },
  walletTransferAll: {
    method: 'POST',
    path: '/wps/relay/wallet_transferAll',
    moduleId: 'wallet',
    token: true,
  },
  walletHistory: { method: 'GET', path: '/wps/relay/wallet_history', moduleId: 'history', token: true },
  accountRecords: { method: 'GET', path: '/wps/relay/account_records', moduleId: 'history', token: true },
  betRecords: { method: 'GET', path: '/wps/relay/bet_records', moduleId: 'history', token: true },
  personalProfit: { method: 'GET', path: '/wps/relay/personal_profit', moduleId: 'history', token: true },
  bonusDetails: { method: 'GET', path: '/wps/relay/bonus_details', moduleId: 'history', token: true },
  // Lotteries (docs/lottery.md).
  lotteryMenu: { method: 'GET', path: '/lgw/vn/games/game_menu', moduleId: 'lottery', token: false },
  lotteryMenuRecent: {
    method: 'GET',
    path: '/lgw/vn/games/game_menu/recent',
    moduleId: 'lottery',
    token: true,
  },
  lotteryResults: { method: 'GET', path: '/lgw/vn/numeros/opened/game', moduleId: 'lottery', token: false },
  lotteryOpenedNumero: {
    method: 'GET',
    path: '/lotto/lgw/games/opened/numero',
    moduleId: 'lottery',
    token: false,
  },
  lotteryBet: { method: 'POST', path: '/wps/relay/lottery_bet', moduleId: 'lottery', token: true },
  lotteryMyBets: { method: 'GET', path: '/wps/relay/lottery_myBets', moduleId: 'lottery', token: true },
  lotteryDraw: { method: 'GET', path: '/wps/relay/lottery_draw', moduleId: 'lottery', token: false },
  lotteryVerify: { method: 'GET', path: '/wps/relay/lottery_verify', moduleId: 'lottery', token: false },
  // Payments (docs/payments.md).
  paymentChannels: { method: 'GET', path: '/wps/payments/channels', moduleId: 'payments', token: true },
  depositCreate: { method: 'POST', path: '/wps/payments/deposits', moduleId: 'payments', token: true },
  deposits: { method: 'GET', path: '/wps/payments/deposits', moduleId: 'payments', token: true },
  depositStatus: { method: 'GET', path: '/wps/payments/deposits/:id', moduleId: 'payments', token: true },
  withdrawalCreate: { method: 'POST', path: '/wps/payments/withdrawals', moduleId: 'payments', token: true },
  withdrawals: { method: 'GET', path: '/wps/payments/withdrawals', moduleId: 'payments', token: true },
  withdrawalConfirm: {
    method: 'POST',
    path: '/wps/payments/withdrawals/:id/confirm',
    moduleId: 'payments',
    token: true,
  },
  paymentPasswordStatus: {
    method: 'GET',
    path: '/wps/member/payment-password',
    moduleId: 'security',
    token: true,
  },
  paymentPasswordSet: {
    method: 'POST',
    path: '/wps/member/payment-password',
    moduleId: 'security',
    token: true,
  },
  paymentPasswordChange: {
    method: 'POST',
    path: '/wps/member/payment-password/change',
    moduleId: 'security',
    token: true,
  },
  bankAccounts: { method: 'GET', path: '/wps/member/bank-accounts', moduleId: 'security', token: true },
  bankAccountAdd: { method: 'POST', path: '/wps/member/bank-accounts', moduleId: 'security', token: true },
  bankAccountRemove: {
    method: 'DELETE',
    path: '/wps/member/bank-accounts/:id',
    moduleId: 'security',
    token: true,
  },
  upline: { method: 'GET', path: '/wps/member/transfer/upline', moduleId: 'payments', token: true },
  transferUpline: { method: 'POST', path: '/wps/member/transfer/upline', moduleId: 'payments', token: true },
  downlines: { method: 'GET', path: '/wps/member/transfer/downlines', moduleId: 'payments', token: true },
  transferDownline: {
    method: 'POST',
    path: '/wps/member/transfer/downline',
    moduleId: 'payments',
    token: true,
  },
  // Games (packages/contracts/src/games.ts). Catalogue reads carry the token when there is one: the FAV
  // and RECENT filters need it, visitors browse without.
  gameMenus: { method: 'GET', path: '/lgw/games/game_menus', moduleId: 'games', token: false },
  gameList: { method: 'GET', path: '/wps/relay/games_list', moduleId: 'games', token: true },
  gameLanes: { method: 'GET', path: '/wps/relay/games_lanes', moduleId: 'games', token: false },
  gameHot: { method: 'GET', path: '/wps/relay/games_hot', moduleId: 'games', token: false },
  gameWinners: { method: 'GET', path: '/wps/relay/games_winners', moduleId: 'games', token: false },
  gameFavourites: { method: 'GET', path: '/wps/relay/games_favorites', moduleId: 'games', token: true },
  gameFavouriteAdd: { method: 'POST', path: '/wps/relay/games_favorite', moduleId: 'games', token: true },
  gameFavouriteRemove: {
    method: 'DELETE',
    path: '/wps/relay/games_favorite',
    moduleId: 'games',
    token: true,
  },
  gameRecent: { method: 'GET', path: '/wps/relay/games_recent', moduleId: 'games', token: true },
  launchGame: { method: 'POST', path: '/wps/game/launchGame', moduleId: 'games', token: true },
  // Content, messages and feedback (packages/contracts/src/content.ts, messages.ts; decision 0017).
  announcementList: {
    method: 'GET',
    path: '/wps/relay/announcement_list',
    moduleId: 'content',
    token: false,
  },
  announcementDetail: {
    method: 'GET',
    path: '/wps/relay/announcement_detail',
    moduleId: 'content',
    token: false,
  },
  announcementNotices: {
    method: 'GET',
    path: '/wps/relay/announcement_notices',
    moduleId: 'content',
    token: false,
  },
  // Popups answer visitors and members differently (execution B and F), so the token goes when there is one.
  announcementPopups: {
    method: 'GET',
    path: '/wps/relay/announcement_popups',
    moduleId: 'content',
    token: true,
  },
  announcementPopupSeen: {
    method: 'POST',
    path: '/wps/relay/announcement_popupSeen',
    moduleId: 'content',
    token: true,
  },
  bannerList: { method: 'GET', path: '/wps/relay/banner_list', moduleId: 'content', token: false },
  // The live chat of a customer-service entry, with the member's context encrypted into its address.
  liveChatOpen: { method: 'GET', path: '/wps/relay/livechat_open', moduleId: 'content', token: true },
  messageList: { method: 'GET', path: '/wps/relay/message_list', moduleId: 'messages', token: true },
  messageUnreadCount: {
    method: 'GET',
    path: '/wps/relay/message_unreadCount',
    moduleId: 'messages',
    token: true,
  },
  messageRead: { method: 'POST', path: '/wps/relay/message_read', moduleId: 'messages', token: true },
  feedback: { method: 'PUT', path: '/wps/feedback', moduleId: 'feedback', token: true },
  // In-house games (packages/contracts/src/inhouse.ts): the bearer token of these calls is the game session
  // token of the launch, which the game page's own client sends, never the player's session token.
  bgsSession: { method: 'GET', path: '/wps/inhouse/session', moduleId: 'inhouse', token: true },
  bgsSeed: { method: 'GET', path: '/wps/inhouse/seed', moduleId: 'inhouse', token: true },
  bgsClientSeed: { method: 'POST', path: '/wps/inhouse/seed/client', moduleId: 'inhouse', token: true },
  bgsRotateSeed: { method: 'POST', path: '/wps/inhouse/seed/rotate', moduleId: 'inhouse', token: true },
  bgsSlotSpin: { method: 'POST', path: '/wps/inhouse/slot/spin', moduleId: 'inhouse', token: true },
  bgsDiceRoll: { method: 'POST', path: '/wps/inhouse/dice/roll', moduleId: 'inhouse', token: true },
  bgsMinesStart: { method: 'POST', path: '/wps/inhouse/mines/start', moduleId: 'inhouse', token: true },
  bgsMinesReveal: { method: 'POST', path: '/wps/inhouse/mines/reveal', moduleId: 'inhouse', token: true },
  bgsMinesCashout: { method: 'POST', path: '/wps/inhouse/mines/cashout', moduleId: 'inhouse', token: true },
  bgsMinesActive: { method: 'GET', path: '/wps/inhouse/mines/active', moduleId: 'inhouse', token: true },
  bgsRounds: { method: 'GET', path: '/wps/inhouse/rounds', moduleId: 'inhouse', token: true },
  bgsRound: { method: 'GET', path: '/wps/inhouse/rounds/:roundId', moduleId: 'inhouse', token: true },
  bgsVerify: { method: 'POST', path: '/wps/inhouse/verify', moduleId: 'inhouse', token: false },
} as const satisfies Record<string, LegacyCallDefinition>;

export type CallName = keyof typeof calls;

/**
 * The operator API (/ops/..., an operator session token, never a player's): used by the CLI and the coming
 * operator console, not by the player web app, so it stays out of its bundle (unused exports are dropped).
 */
export const operatorCalls = {
  operatorLogin: { method: 'POST', path: '/ops/session', moduleId: 'ops', token: false },
  operatorLogout: { method: 'DELETE', path: '/ops/session', moduleId: 'ops', token: true },
  operatorMe: { method: 'GET', path: '/ops/session', moduleId: 'ops', token: true },
  opsDeposits: { method: 'GET', path: '/ops/payments/deposits', moduleId: 'ops', token: true },
  opsDepositApprove: {
    method: 'POST',
    path: '/ops/payments/deposits/:id/approve',
    moduleId: 'ops',
    token: true,
  },
  opsDepositReject: {
    method: 'POST',
    path: '/ops/payments/deposits/:id/reject',
    moduleId: 'ops',
    token: true,
  },
  opsDepositProof: { method: 'GET', path: '/ops/payments/deposits/:id/proof', moduleId: 'ops', token: true },
  opsWithdrawals: { method: 'GET', path: '/ops/payments/withdrawals', moduleId: 'ops', token: true },
  opsWithdrawalApprove: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/approve',
    moduleId: 'ops',
    token: true,
  },
  opsWithdrawalReject: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/reject',
    moduleId: 'ops',
    token: true,
  },
  opsWithdrawalReturn: {
    method: 'POST',
    path: '/ops/payments/withdrawals/:id/return',
    moduleId: 'ops',
    token: true,
  },
  opsWithdrawalProof: {
    method: 'GET',
    path: '/ops/payments/withdrawals/:id/proof',
    moduleId: 'ops',
    token: true,
  },
  opsGameVendorUpdate: { method: 'PUT', path: '/ops/games/vendors/:code', moduleId: 'ops', token: true },
  opsGameUpdate: { method: 'PUT', path: '/ops/games/games/:id', moduleId: 'ops', token: true },
  opsGameVendorSync: { method: 'POST', path: '/ops/games/vendors/:code/sync', moduleId: 'ops', token: true },
  // Content, messages and feedback authoring (decision 0017).
  opsAnnouncements: { method: 'GET', path: '/ops/content/announcements', moduleId: 'ops', token: true },
  opsAnnouncementCreate: { method: 'POST', path: '/ops/content/announcements', moduleId: 'ops', token: true },
  opsAnnouncementUpdate: {
    method: 'PUT',
    path: '/ops/content/announcements/:id',
    moduleId: 'ops',
    token: true,
  },
  opsAnnouncementPublish: {
    method: 'POST',
    path: '/ops/content/announcements/:id/publish',
    moduleId: 'ops',
    token: true,
  },
  opsAnnouncementUnpublish: {
    method: 'POST',
    path: '/ops/content/announcements/:id/unpublish',
    moduleId: 'ops',
    token: true,
  },
  opsBanners: { method: 'GET', path: '/ops/content/banners', moduleId: 'ops', token: true },
  opsBannerCreate: { method: 'POST', path: '/ops/content/banners', moduleId: 'ops', token: true },
  opsBannerUpdate: { method: 'PUT', path: '/ops/content/banners/:id', moduleId: 'ops', token: true },
  opsBannerPublish: {
    method: 'POST',
    path: '/ops/content/banners/:id/publish',
    moduleId: 'ops',
    token: true,
  },
  opsBannerUnpublish: {
    method: 'POST',
    path: '/ops/content/banners/:id/unpublish',
    moduleId: 'ops',
    token: true,
  },
  opsHelpArticles: { method: 'GET', path: '/ops/content/help', moduleId: 'ops', token: true },
  opsHelpArticleCreate: { method: 'POST', path: '/ops/content/help', moduleId: 'ops', token: true },
  opsHelpArticleUpdate: { method: 'PUT', path: '/ops/content/help/:id', moduleId: 'ops', token: true },
  opsHelpArticlePublish: {
    method: 'POST',
    path: '/ops/content/help/:id/publish',
    moduleId: 'ops',
    token: true,
  },
  opsHelpArticleUnpublish: {
    method: 'POST',
    path: '/ops/content/help/:id/unpublish',
    moduleId: 'ops',
    token: true,
  },
  opsContentImage: { method: 'POST', path: '/ops/content/images', moduleId: 'ops', token: true },
  opsServiceEntries: { method: 'GET', path: '/ops/content/customer-service', moduleId: 'ops', token: true },
  opsServiceEntryCreate: {
    method: 'POST',
    path: '/ops/content/customer-service',
    moduleId: 'ops',
    token: true,
  },
  opsServiceEntryUpdate: {
    method: 'PUT',
    path: '/ops/content/customer-service/:id',
    moduleId: 'ops',
    token: true,
  },
  opsServiceEntryDelete: {
    method: 'DELETE',
    path: '/ops/content/customer-service/:id',
    moduleId: 'ops',
    token: true,
  },
  opsResources: { method: 'GET', path: '/ops/content/resources', moduleId: 'ops', token: true },
  opsResourceCreate: { method: 'POST', path: '/ops/content/resources', moduleId: 'ops', token: true },
  opsResourceUpdate: { method: 'PUT', path: '/ops/content/resources/:id', moduleId: 'ops', token: true },
  opsResourceDelete: { method: 'DELETE', path: '/ops/content/resources/:id', moduleId: 'ops', token: true },
  opsMessages: { method: 'GET', path: '/ops/messages', moduleId: 'ops', token: true },
  opsMessageCreate: { method: 'POST', path: '/ops/messages', moduleId: 'ops', token: true },
  opsMessageUpdate: { method: 'PUT', path: '/ops/messages/:id', moduleId: 'ops', token: true },
  opsMessagePublish: { method: 'POST', path: '/ops/messages/:id/publish', moduleId: 'ops', token: true },
  opsMessageUnpublish: { method: 'POST', path: '/ops/messages/:id/unpublish', moduleId: 'ops', token: true },
  opsFeedback: { method: 'GET', path: '/ops/feedback', moduleId: 'ops', token: true },
  opsFeedbackHandle: { method: 'POST', path: '/ops/feedback/:id/handle', moduleId: 'ops', token: true },
  opsFeedbackImage: { method: 'GET', path: '/ops/feedback/:id/images/:index', moduleId: 'ops', token: true },
} as const satisfies Record<string, LegacyCallDefinition>;

export type OperatorCallName = keyof typeof operatorCalls;

