import { z } from 'zod';
import { decimalPattern } from './rules/money';
import { pageOf, pageQuery } from './paging';
import { oneLine } from './rules/control-characters';
import { moneyText } from './wallet';

/**
 * Deposits, withdrawals, payment passwords, bank accounts, transfers along the agent hierarchy, and the
 * operator calls that decide deposits and withdrawals (docs/payments.md). Amounts are decimal strings in
 * the merchant's currency; the server parses them with the currency's decimals and refuses anything else.
 */

/** A client-chosen idempotency key: the same id twice creates one deposit, withdrawal or transfer. */
export const clientRequestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _');

/** The payment password: six digits (the demo register settings' paymentPassword rule). */
export const paymentPassword = z.string().regex(/^\d{6}$/, 'six digits');

/** A positive amount such as "100.00" (the currency's decimals are checked by the server). */
export const positiveMoneyText = z.string().regex(decimalPattern(16, 4), 'a positive amount such as 100.00');

/** A PNG or JPEG as base64 (no data: prefix); at most 5 MB once decoded, type checked by content. */
export const proofImage = z
  .string()
  .max(7_000_000, 'at most 5 MB')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'base64');

export const paymentChannelTypes = ['manual_bank', 'gateway'] as const;

export const paymentChannel = z.object({
  id: z.number().int(),
  type: z.enum(paymentChannelTypes),
  name: z.string(),
  minAmount: moneyText,
  maxAmount: moneyText,
  /** Manual bank transfer: where the player sends the money. */
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  accountHolder: z.string().nullable(),
});
export type PaymentChannel = z.infer<typeof paymentChannel>;
export const paymentChannelList = z.array(paymentChannel);

export const depositStatuses = ['pending', 'approved', 'rejected'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const depositCreatePayload = z.object({
  channelId: z.number().int().positive().max(2_147_483_647),
  amount: positiveMoneyText,
  /** Manual: the transfer reference the player's bank shows. */
  reference: oneLine(64).optional(),
  proofImage: proofImage.optional(),
  clientRequestId,
});
export type DepositCreatePayload = z.infer<typeof depositCreatePayload>;

export const deposit = z.object({
  id: z.string(),
  channelId: z.number().int(),
  channelName: z.string(),
  channelType: z.enum(paymentChannelTypes),
  amount: moneyText,
  reference: z.string().nullable(),
  hasProof: z.boolean(),
  status: z.enum(depositStatuses),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Gateway deposits still pending: where the browser pays. */
  checkoutUrl: z.string().nullable(),
});
export type Deposit = z.infer<typeof deposit>;
export const depositPage = pageOf(deposit);

export const depositListQuery = pageQuery.extend({ status: z.enum(depositStatuses).optional() });

/** POST /wps/payments/callback/:gatewayCode: the gateway that signed the callback. */
export const gatewayCallbackParams = z.object({ gatewayCode: z.string().regex(/^[a-z0-9-]{1,32}$/) });

/** The callback's answer: the deposit it decided (a repeated callback is replayed: nothing changes). */
export const gatewayCallbackResult = z.object({
  depositId: z.string(),
  status: z.enum(['approved', 'rejected']),
  replayed: z.boolean(),
});

export const withdrawalStatuses = [
  'pending',
  'rejected',
  'disbursed',
  'received',
  'not_received',
  'partially_received',
  'all_received',
  'forced_received',
  'returned',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalCreatePayload = z.object({
  bankAccountId: z.number().int().positive().max(2_147_483_647),
  amount: positiveMoneyText,
  paymentPassword,
  clientRequestId,
  /**
   * The player agrees that this withdrawal forfeits the bonuses whose wagering is unmet (decision 0030);
   * without it such a withdrawal answers bonus_forfeit_unconfirmed and changes nothing.
   */
  forfeitBonus: z.boolean().default(false),
});
export type WithdrawalCreatePayload = z.infer<typeof withdrawalCreatePayload>;

export const withdrawal = z.object({
  id: z.string(),
  amount: moneyText,
  bankName: z.string(),
  accountNumberMasked: z.string(),
  holderName: z.string(),
  status: z.enum(withdrawalStatuses),
  rejectReason: z.string().nullable(),
  /** Not received: the whole amount; partially received: the remainder the player says is missing. */
  missingAmount: moneyText.nullable(),
  hasClaimProof: z.boolean(),
  /** After this moment an unanswered disbursement counts as received (forced_received). */
  receiptDeadlineAt: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;
export const withdrawalPage = pageOf(withdrawal);

export const withdrawalListQuery = pageQuery.extend({ status: z.enum(withdrawalStatuses).optional() });

/** A money movement's answer: what was made, and the main wallet balance after it (for the header). */
export const withdrawalCreated = z.object({ withdrawal, balance: moneyText, replayed: z.boolean() });
export type WithdrawalCreated = z.infer<typeof withdrawalCreated>;

export const withdrawalConfirmPayload = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('received') }),
  z.object({ outcome: z.literal('not_received'), proofImage: proofImage.optional() }),
  z.object({
    outcome: z.literal('partially_received'),
    /** The part that did not arrive. */
    remainder: positiveMoneyText,
    proofImage: proofImage.optional(),
  }),
  z.object({ outcome: z.literal('all_received') }),
]);
export type WithdrawalConfirmPayload = z.infer<typeof withdrawalConfirmPayload>;

export const idParams = z.object({ id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'an id') });
/** The id of a row with an integer key (at most 2,147,483,647): a larger one is refused, not looked up. */
export function serialIdText(label: string) {
  return z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, label)
    .refine((id) => Number(id) <= 2_147_483_647, label);
}
export const serialIdParams = z.object({ id: serialIdText('an id') });

export const paymentPasswordStatus = z.object({
  isSet: z.boolean(),
  /** Seconds until wrong tries unlock it again; 0 when usable. */
  lockedForSeconds: z.number().int(),
});
export type PaymentPasswordStatus = z.infer<typeof paymentPasswordStatus>;

export const paymentPasswordSetPayload = z.object({ password: paymentPassword });
export const paymentPasswordChangePayload = z.object({
  oldPassword: paymentPassword,
  newPassword: paymentPassword,
});

export const bankAccount = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountNumberMasked: z.string(),
  holderName: z.string(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;
export const bankAccountList = z.array(bankAccount);

export const bankAccountAddPayload = z.object({
  bankName: oneLine(64),
  accountNumber: z.string().regex(/^[0-9]{6,20}$/, '6 to 20 digits'),
  holderName: oneLine(64),
  paymentPassword,
});
export type BankAccountAddPayload = z.infer<typeof bankAccountAddPayload>;

export const bankAccountParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const transferUplinePayload = z.object({
  amount: positiveMoneyText,
  paymentPassword,
  clientRequestId,
});
export const transferDownlinePayload = transferUplinePayload.extend({
  downlineId: z.number().int().positive().max(2_147_483_647),
});
export type TransferUplinePayload = z.infer<typeof transferUplinePayload>;
export type TransferDownlinePayload = z.infer<typeof transferDownlinePayload>;

export const hierarchyTransferResult = z.object({
  transferId: z.string(),
  amount: moneyText,
  recipient: z.string(),
  balance: moneyText,
  replayed: z.boolean(),
});
export type HierarchyTransferResult = z.infer<typeof hierarchyTransferResult>;

export const hierarchyMember = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string().nullable(),
});
export type HierarchyMember = z.infer<typeof hierarchyMember>;
export const hierarchyMemberPage = pageOf(hierarchyMember);

/** GET /wps/member/transfer/upline: the agent a member pays into (null when it has none). */
export const uplineInfo = z.object({ upline: hierarchyMember.nullable() });
export type UplineInfo = z.infer<typeof uplineInfo>;

export const downlineQuery = pageQuery.extend({ search: z.string().trim().max(64).optional() });

// Operator calls (/ops/...).

/**
 * Staff roles (issue 16): owner runs the merchant, finance moves money, support answers players, content
 * writes what players read, risk watches security and player protection, platform creates merchants and
 * their domains. What each may call: apps/server/src/modules/operators/ops-access.ts.
 */
export const operatorRoles = ['owner', 'finance', 'support', 'content', 'risk', 'platform'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const operatorLoginPayload = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  /** The authenticator code, for operators who enrolled one. */
  otp: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});
export const operatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(operatorRoles),
});
/**
 * When a staff session ends (absolute, and idle: moved on by each call) and what it must do first: a
 * session whose account must change its password or enrol an authenticator may make only those calls.
 */
const operatorSessionState = {
  expiresAt: z.string(),
  idleExpiresAt: z.string(),
  mustChangePassword: z.boolean(),
  mustEnrolTotp: z.boolean(),
};
export const operatorSession = z.object({
  token: z.string(),
  operator: operatorInfo,
  ...operatorSessionState,
});
/** GET /ops/session: the operator and their session's state. */
export const operatorSessionInfo = operatorInfo.extend(operatorSessionState);
export type OperatorSessionInfo = z.infer<typeof operatorSessionInfo>;
export type OperatorSession = z.infer<typeof operatorSession>;

const memberRef = { memberId: z.number().int(), username: z.string() };

export const operatorDeposit = deposit.extend(memberRef);
export type OperatorDeposit = z.infer<typeof operatorDeposit>;
export const operatorDepositPage = pageOf(operatorDeposit);

/** Operators see the full account number: they pay into it. */
export const operatorWithdrawal = withdrawal.extend({ ...memberRef, accountNumber: z.string() });
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawal>;
export const operatorWithdrawalPage = pageOf(operatorWithdrawal);

export const rejectPayload = z.object({ reason: z.string().trim().min(1).max(200) });

/** An operator decision's answer: the row after it, and whether it had already been taken. */
export const depositDecision = z.object({ deposit: operatorDeposit, replayed: z.boolean() });
export const withdrawalDecision = z.object({ withdrawal: operatorWithdrawal, replayed: z.boolean() });
