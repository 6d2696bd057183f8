import type {
  CallName,
  DomainRoute,
  EncryptedBody,
  HelpCenter,
  LoginResult,
  MemberIcon,
  WalletBalance,
  MerchantWallet,
  BankAccount,
  BankAccountAddPayload,
  Deposit,
  DepositCreatePayload,
  DepositStatus,
  HierarchyMember,
  HierarchyTransferResult,
  Page,
  PaymentChannel,
  PaymentPasswordStatus,
  TransferDownlinePayload,
  TransferUplinePayload,
  UplineInfo,
  Withdrawal,
  WithdrawalConfirmPayload,
  WithdrawalCreatePayload,
  WithdrawalCreated,
  WithdrawalStatus,
  BetRecordsPage,
  BetRecordsQuery,
  BonusDetailsPage,
  BonusDetailsQuery,
  PersonalProfit,
  PersonalProfitQuery,
  TransferAllResult,
  TransferVendors,
  VendorTransfer,
  VendorTransferPage,
  VendorTransferRequest,
  WalletHistoryPage,
  WalletHistoryQuery,
  LotteryBetPlaced,
  LotteryBetRequest,
  LotteryBetsPage,
  LotteryDraw,
  LotteryDrawQuery,
  LotteryGameQuery,
  LotteryMenu,
  LotteryMyBetsQuery,
  LotteryOpenedNumero,
  LotteryResultsPage,
  LotteryResultsQuery,
  LotteryVerification,
  ConsolidatedFunds,
  MemberInfo,
  Permission,
  PublicKey,
  RegisterFieldSetting,
  SecondFactorMethod,
  SessionInfo,
  SmsSent,
  SystemStatus,
  Whitelabel,
  FavouriteBody,
  FavouriteResult,
  FavouritesQuery,
  GameLanes,
  GameListQuery,
  GameMenus,
  GamePage,
  HotGames,
  HotGamesQuery,
  LaunchedGame,
  LaunchGameBody,
  RecentQuery,
  WinnerBoard,
  WinnerBoardQuery,
} from '@portal/contracts';
import type {
  Announcement,
  AnnouncementListQuery,
  AnnouncementPage,
  Banner,
  BannerGroup,
  FeedbackPayload,
  MessageListQuery,
  MessagePage,
  MessageReadPayload,
  UnreadCount,
} from '@portal/contracts';

import type {
  BgsActiveMines,
  BgsDiceRequest,
  BgsMinesCashoutRequest,
  BgsMinesRevealRequest,
  BgsMinesStartRequest,
  BgsPlayResult,
  BgsRound,
  BgsRoundsPage,
  BgsRoundsQuery,
  BgsSeedInfo,
  BgsSeedRotation,
  BgsSessionInfo,
  BgsSetClientSeed,
  BgsSpinRequest,
  BgsVerifyRequest,
  BgsVerifyResult,
} from '@portal/contracts';

/** `GET /wps/agent/affiliate`: the agent behind a valid affiliate code. */
export interface AffiliateInfo {
  affiliateCode: string;
  agentNickname: string;
}

/** `POST /wps/member/totp/enrol`: the new secret, also as an otpauth:// address for the QR code. */
export interface TotpEnrolment {
  secret: string;
  otpauthUrl: string;
}

/** The unwrapped `value` of each call's reply. Types only: zod never enters the bundle. */
export interface CallResponses {
  systemStatus: SystemStatus;
  whitelabel: Whitelabel;
  permission: Permission;
  registerSettings: RegisterFieldSetting[];
  domainRoute: DomainRoute[];
  helpCenter: HelpCenter;
  publicKey: PublicKey;
  /** Base64 PNG without a data: prefix; the captcha id comes in the X-Captcha-Id header. */
  captcha: string;
  login: LoginResult;
  loginSecondFactor: LoginResult;
  freePlay: LoginResult;
  logout: null;
  smsLoginCode: SmsSent;
  smsRegisterCode: SmsSent;
  register: LoginResult;
  registerMobile: LoginResult;
  affiliate: AffiliateInfo;
  forgotByEmail: null;
  resetByEmail: null;
  resetByPhone: LoginResult;
  changePassword: null;
  memberInfo: MemberInfo;
  memberIcon: MemberIcon;
  walletBalance: WalletBalance;
  merchantWallet: MerchantWallet;
  consolidatedFunds: ConsolidatedFunds;
  sessions: SessionInfo[];
  revokeSession: null;
  totpEnrol: TotpEnrolment;
  totpConfirm: null;
  totpDisable: null;
  paymentChannels: PaymentChannel[];
  depositCreate: Deposit;
  deposits: Page<Deposit>;
  depositStatus: Deposit;
  withdrawalCreate: WithdrawalCreated;
  withdrawals: Page<Withdrawal>;
  withdrawalConfirm: Withdrawal;
  paymentPasswordStatus: PaymentPasswordStatus;
  paymentPasswordSet: null;
  paymentPasswordChange: null;
  bankAccounts: BankAccount[];
  bankAccountAdd: BankAccount;
  bankAccountRemove: null;
  upline: UplineInfo;
  transferUpline: HierarchyTransferResult;
  downlines: Page<HierarchyMember>;
  transferDownline: HierarchyTransferResult;
  walletVendors: TransferVendors;
  walletTransfer: VendorTransfer;
  walletTransfers: VendorTransferPage;
  walletTransferAll: TransferAllResult;
  walletHistory: WalletHistoryPage;
  accountRecords: WalletHistoryPage;
  betRecords: BetRecordsPage;
  personalProfit: PersonalProfit;
  bonusDetails: BonusDetailsPage;
  lotteryMenu: LotteryMenu;
  lotteryMenuRecent: LotteryMenu;
  lotteryResults: LotteryResultsPage;
  lotteryOpenedNumero: LotteryOpenedNumero;
  lotteryBet: LotteryBetPlaced;
  lotteryMyBets: LotteryBetsPage;
  lotteryDraw: LotteryDraw;
  lotteryVerify: LotteryVerification;
  gameMenus: GameMenus;
  gameList: GamePage;
  gameLanes: GameLanes;
  gameHot: HotGames;
  gameWinners: WinnerBoard;
  gameFavourites: GamePage;
  gameFavouriteAdd: FavouriteResult;
  gameFavouriteRemove: FavouriteResult;
  gameRecent: GamePage;
  launchGame: LaunchedGame;
  bgsSession: BgsSessionInfo;
  bgsSeed: BgsSeedInfo;
  bgsClientSeed: BgsSeedInfo;
  bgsRotateSeed: BgsSeedRotation;
  bgsSlotSpin: BgsPlayResult;
  bgsDiceRoll: BgsPlayResult;
  bgsMinesStart: BgsPlayResult;
  bgsMinesReveal: BgsPlayResult;
  bgsMinesCashout: BgsPlayResult;
  bgsMinesActive: BgsActiveMines;
  bgsRounds: BgsRoundsPage;
  bgsRound: BgsRound;
  bgsVerify: BgsVerifyResult;
  announcementList: AnnouncementPage;
  announcementDetail: Announcement;
  announcementNotices: Announcement[];
  announcementPopups: Announcement[];
  announcementPopupSeen: null;
  bannerList: Banner[];
  liveChatOpen: { url: string };
  messageList: MessagePage;
  messageUnreadCount: UnreadCount;
  messageRead: { marked: number };
  feedback: { id: string };
}

type QueryValue = string | number | boolean | undefined;

/** Query parameters per call; calls not listed take none. */
export interface CallQueries {
  helpCenter: { lang: string; device: 'WEB' };
  affiliate: { affiliateCode: string };
  deposits: { page?: number; pageSize?: number; status?: DepositStatus };
  withdrawals: { page?: number; pageSize?: number; status?: WithdrawalStatus };
  downlines: { page?: number; pageSize?: number; search?: string };
  walletTransfers: { page?: number; pageSize?: number };
  walletHistory: WalletHistoryQuery;
  accountRecords: WalletHistoryQuery;
  betRecords: BetRecordsQuery;
  personalProfit: PersonalProfitQuery;
  bonusDetails: BonusDetailsQuery;
  lotteryResults: LotteryResultsQuery;
  lotteryOpenedNumero: LotteryGameQuery;
  lotteryMyBets: LotteryMyBetsQuery;
  lotteryDraw: LotteryDrawQuery;
  lotteryVerify: LotteryDrawQuery;
  gameMenus: { language?: string };
  gameList: GameListQuery;
  gameLanes: { platform?: 'html5-desktop' | 'html5'; language?: string };
  gameHot: HotGamesQuery;
  gameWinners: WinnerBoardQuery;
  gameFavourites: FavouritesQuery;
  /** The game to remove, in the query (a DELETE carries no body). */
  gameFavouriteRemove: FavouriteBody;
  gameRecent: RecentQuery;
  bgsRounds: BgsRoundsQuery;
  announcementList: AnnouncementListQuery;
  announcementDetail: { id: string };
  bannerList: { groupName: BannerGroup };
  liveChatOpen: { id: number };
  messageList: MessageListQuery;
}

interface MobileNumber {
  mobileNum: string;
  countryDialingCode: string;
}

/** Request bodies per call. Encrypted calls send an EncryptedBody (see encrypted-call.ts). */
export interface CallBodies {
  login: EncryptedBody;
  loginSecondFactor: { challengeId: string; method: SecondFactorMethod; answer: string };
  freePlay: { os: string; platform: 'W'; gatewayVersion: 3; encryptionToken?: string };
  smsLoginCode: MobileNumber & { captcha?: string; captchaId?: string };
  smsRegisterCode: MobileNumber & { captcha?: string; captchaId?: string };
  register: EncryptedBody;
  registerMobile: EncryptedBody;
  /** Sent form-urlencoded (spec section 7: "form POST"). */
  forgotByEmail: { username: string; email: string };
  resetByEmail: EncryptedBody;
  resetByPhone: EncryptedBody;
  changePassword: EncryptedBody;
  totpConfirm: { code: string };
  totpDisable: { code: string };
  depositCreate: DepositCreatePayload;
  withdrawalCreate: WithdrawalCreatePayload;
  withdrawalConfirm: WithdrawalConfirmPayload;
  paymentPasswordSet: { password: string };
  paymentPasswordChange: { oldPassword: string; newPassword: string };
  bankAccountAdd: BankAccountAddPayload;
  transferUpline: TransferUplinePayload;
  transferDownline: TransferDownlinePayload;
  walletTransfer: VendorTransferRequest;
  walletTransferAll: { requestId: string };
  lotteryBet: LotteryBetRequest;
  gameFavouriteAdd: FavouriteBody;
  launchGame: LaunchGameBody;
  bgsClientSeed: BgsSetClientSeed;
  bgsSlotSpin: BgsSpinRequest;
  bgsDiceRoll: BgsDiceRequest;
  bgsMinesStart: BgsMinesStartRequest;
  bgsMinesReveal: BgsMinesRevealRequest;
  bgsMinesCashout: BgsMinesCashoutRequest;
  bgsVerify: BgsVerifyRequest;
  announcementPopupSeen: { id: string };
  messageRead: MessageReadPayload;
  feedback: FeedbackPayload;
}

/** Path parameters per call (`:id` in the catalogue path). */
export interface CallParams {
  revokeSession: { id: number };
  depositStatus: { id: string };
  withdrawalConfirm: { id: string };
  bankAccountRemove: { id: number };
  bgsRound: { roundId: string };
}

/** Calls whose body travels as application/x-www-form-urlencoded instead of JSON. */
export const formEncodedCalls: ReadonlySet<CallName> = new Set<CallName>(['forgotByEmail']);

export type CallQuery<Name extends CallName> = Name extends keyof CallQueries
  ? CallQueries[Name]
  : Record<string, QueryValue> | undefined;
export type CallBody<Name extends CallName> = Name extends keyof CallBodies ? CallBodies[Name] : undefined;
export type CallParam<Name extends CallName> = Name extends keyof CallParams ? CallParams[Name] : undefined;

// Compile-time guard: every catalogued call has a response type, and no response type lacks a call.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyCallTyped: Exact<keyof CallResponses, CallName> = true;
void everyCallTyped;
