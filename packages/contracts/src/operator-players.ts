import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { positiveMoneyText, serialIdText } from './payments';
import { moneyText } from './wallet';

/**
 * The operator console's players and agents (issue 16): search, profile, lock, password reset, top
 * agents, moves in the agent tree and balance adjustments with four eyes (docs/operator-console.md).
 */

/** What a search looks in: the account name, mobile, e-mail, any login address, the affiliate code. */
export const playerSearchKeys = ['account', 'mobile', 'email', 'ip', 'affiliate'] as const;
export type PlayerSearchKey = (typeof playerSearchKeys)[number];

/** What each key accepts; a search term is matched as a prefix (an address exactly), never a pattern. */
const termRules: Record<PlayerSearchKey, { pattern: RegExp; message: string }> = {
  account: { pattern: /^[^\s]{1,64}$/u, message: 'an account name (no spaces, at most 64)' },
  mobile: { pattern: /^\+?[0-9]{2,16}$/, message: 'digits of a mobile number, + first allowed' },
  email: { pattern: /^[^\s]{1,120}$/u, message: 'an e-mail address or its start (no spaces)' },
  ip: { pattern: /^[0-9A-Fa-f.:]{2,45}$/, message: 'an IPv4 or IPv6 address' },
  affiliate: { pattern: /^[A-Za-z0-9]{1,16}$/, message: 'an affiliate code (letters and digits)' },
};

export const playerSearchQuery = pageQueryOf(50)
  .extend({
    key: z.enum(playerSearchKeys).default('account'),
    /** Empty: every account of the merchant (newest first by default). */
    q: z.string().trim().max(120).default(''),
    kind: z.enum(['all', 'players', 'agents']).default('all'),
    sort: z.enum(['createdAt', 'account']).default('createdAt'),
    order: z.enum(['asc', 'desc']).default('desc'),
  })
  .superRefine((query, context) => {
    const rule = termRules[query.key];
    if (query.q !== '' && !rule.pattern.test(query.q)) {
      context.addIssue({ code: 'custom', path: ['q'], message: rule.message });
    }
  });
export type PlayerSearchQuery = z.input<typeof playerSearchQuery>;

/** An account in the operator's lists: a player (type 0), an agent (1, 2, 41, 42) or a trial account (4). */
export const playerSummary = z.object({
  id: z.string(),
  account: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  status: z.enum(['active', 'locked']),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  vipLevel: z.number().int(),
  uplineAccount: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type PlayerSummary = z.infer<typeof playerSummary>;
export const playerSearchPage = pageOf(playerSummary);

/** A member id in the path. */
export const memberIdParams = z.object({ id: serialIdText('an account id') });

export const playerBalances = z.object({
  currencyCode: z.string(),
  main: moneyText,
  bonus: moneyText,
  /** Points (two decimals). */
  points: moneyText,
  vendors: z.array(z.object({ vendorCode: z.string(), balance: moneyText })),
});

export const playerTeam = z.object({
  /** The upline chain, the top agent first, the direct upline last. */
  upline: z.array(z.object({ id: z.string(), account: z.string(), type: z.number().int() })),
  /** Accounts directly below (agents only; 0 for players). */
  directCount: z.number().int(),
  /** Accounts anywhere below. */
  teamCount: z.number().int(),
});

export const playerContract = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.string(),
  /** Whether this account is the contract's upline or its downline. */
  side: z.enum(['upline', 'downline']),
  counterpartAccount: z.string(),
  createdAt: z.string(),
});

export const playerProfile = playerSummary.extend({
  /** The next login must change the password first (an operator reset or a new top agent). */
  passwordChangeRequired: z.boolean(),
  balances: playerBalances,
  team: playerTeam,
  contracts: z.array(playerContract),
  referral: z.object({
    code: z.string().nullable(),
    referredBy: z.string().nullable(),
    friends: z.number().int(),
  }),
  vip: z.object({ level: z.number().int(), name: z.string().nullable() }),
  /** Adjustments above this amount wait for a second operator's approval. */
  adjustmentThreshold: moneyText,
  pendingAdjustments: z.number().int(),
});
export type PlayerProfile = z.infer<typeof playerProfile>;

/** A login session of the account, its user agent read into browser, system and device. */
export const playerSession = z.object({
  id: z.string(),
  loginMethod: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** live, expired or revoked (logged out, ended by a lock or a password change). */
  state: z.enum(['live', 'expired', 'revoked']),
});
export type PlayerSession = z.infer<typeof playerSession>;
export const playerSessionPage = pageOf(playerSession);
export const playerSessionQuery = pageQueryOf(50);

export const playerLockPayload = z.object({ reason: z.string().trim().min(1).max(200) });

/** A password reset's answer: the temporary password, shown to the operator once. */
export const playerPasswordReset = z.object({ temporaryPassword: z.string() });

export const topAgentPayload = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(64),
  nickname: z.string().trim().max(64).optional(),
});
export const createdAccount = z.object({
  id: z.string(),
  account: z.string(),
  type: z.number().int(),
  affiliateCode: z.string().nullable(),
});

/** Move an account (and, for an agent, its whole team) under another agent of the same merchant. */
export const playerMovePayload = z.object({ uplineAccount: z.string().trim().min(1).max(64) });
export const playerMove = z.object({
  id: z.string(),
  account: z.string(),
  uplineAccount: z.string(),
  /** Accounts that moved with it (its team below). */
  movedTeam: z.number().int(),
});

export const adjustmentStatuses = ['pending', 'applied', 'rejected'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

/** A balance adjustment: credit or debit of the main wallet, named by the operator's request id. */
export const adjustmentPayload = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: positiveMoneyText,
  reason: z.string().trim().min(3).max(200),
  /** The console's id of this request (a retry with the same id is the same adjustment). */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _ (8 to 64)'),
});
export type AdjustmentPayload = z.input<typeof adjustmentPayload>;

export const balanceAdjustment = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: moneyText,
  reason: z.string(),
  status: z.enum(adjustmentStatuses),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Whether a second operator had to approve it (above the threshold). */
  needsApproval: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type BalanceAdjustment = z.infer<typeof balanceAdjustment>;
export const adjustmentPage = pageOf(balanceAdjustment);

export const adjustmentListQuery = pageQueryOf(50).extend({
  status: z.enum(adjustmentStatuses).optional(),
  memberId: serialIdText('an account id').optional(),
});

export const adjustmentDecisionPayload = z.object({
  decision: z.enum(['approve', 'reject']),
  note: z.string().trim().max(200).default(''),
});

/** What an adjustment request or decision answers: the adjustment, and whether it was already so. */
export const adjustmentResult = z.object({ adjustment: balanceAdjustment, replayed: z.boolean() });

export const adjustmentSettings = z.object({ approvalThreshold: positiveMoneyText });
