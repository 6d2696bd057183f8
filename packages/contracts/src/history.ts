import { z } from 'zod';
import { pageOf, pageQueryOf } from './paging';
import { moneyText } from './wallet';

/**
 * History reads of the member centre (transactionHistory, account records, personalHistoryCopy,
 * personalProfit, bonusDetails). Dates are the merchant's calendar days (its GMT offset); a preset wins
 * over from/to; with neither, the last 7 days. Ranges are capped at 366 days and pages at 100 rows.
 */
export const historyPreset = z.enum(['today', 'last7', 'last30']);
export type HistoryPreset = z.infer<typeof historyPreset>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as yyyy-MM-dd');

export const historyRange = z.object({
  preset: historyPreset.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
const paging = pageQueryOf(100).shape;

/** `GET /wps/relay/wallet_history` and `/wps/relay/account_records`. */
export const walletHistoryQuery = historyRange.extend({
  type: z
    .string()
    .regex(/^[a-z_]{1,32}$/)
    .optional(),
  ...paging,
});
export type WalletHistoryQuery = z.input<typeof walletHistoryQuery>;

export const walletMovement = z.object({
  /** The ledger transfer id. */
  id: z.string(),
  time: z.string(),
  /** The transfer kind: deposit, withdrawal, bet, win, vendor_transfer_in, ... */
  type: z.string(),
  /** Signed: money into the member's wallet is positive. */
  amount: moneyText,
  /** Which wallet moved: '' for main, the vendor code, or BONUS for the bonus wallet (bonusDetails). */
  wallet: z.string(),
});
export type WalletMovement = z.infer<typeof walletMovement>;

/** A history page: the list page with its page count and the range read. */
const historyPageOf = <T extends z.ZodType>(item: T) =>
  pageOf(item).extend({
    totalPages: z.number().int(),
    /** The range actually read, as merchant calendar days. */
    from: z.string(),
    to: z.string(),
  });

export const walletHistoryPage = historyPageOf(walletMovement);
export type WalletHistoryPage = z.infer<typeof walletHistoryPage>;

/** `GET /wps/relay/bet_records` (personalHistoryCopy): game rounds per vendor and game. */
export const betRecordsQuery = historyRange.extend({
  vendorCode: z
    .string()
    .regex(/^[A-Z0-9_]{2,32}$/)
    .optional(),
  ...paging,
});
export type BetRecordsQuery = z.input<typeof betRecordsQuery>;

export const betRecord = z.object({
  vendorCode: z.string(),
  /** The vendor's name in the catalogue (its code when it has none). */
  vendorName: z.string(),
  gameCode: z.string(),
  /** The game's name in the catalogue, the one its tile shows (its code when no longer catalogued). */
  gameName: z.string(),
  roundId: z.string(),
  bet: moneyText,
  win: moneyText,
  refund: moneyText,
  /** win + refund - bet, from the player's side. */
  profit: moneyText,
  betCount: z.number().int(),
  status: z.enum(['open', 'closed']),
  startedAt: z.string(),
});
export type BetRecord = z.infer<typeof betRecord>;
export const betRecordsPage = historyPageOf(betRecord);
export type BetRecordsPage = z.infer<typeof betRecordsPage>;

/** `GET /wps/relay/personal_profit`: sums per vendor over a range. */
export const personalProfitQuery = historyRange;
export type PersonalProfitQuery = z.input<typeof personalProfitQuery>;
const profitLine = z.object({
  rounds: z.number().int(),
  bet: moneyText,
  win: moneyText,
  refund: moneyText,
  profit: moneyText,
});
export const personalProfit = z.object({
  from: z.string(),
  to: z.string(),
  vendors: z.array(profitLine.extend({ vendorCode: z.string() })),
  total: profitLine,
});
export type PersonalProfit = z.infer<typeof personalProfit>;

/** `GET /wps/relay/bonus_details`: bonus movements of the ledger (kind bonus). */
export const bonusDetailsQuery = historyRange.extend(paging);
export type BonusDetailsQuery = z.input<typeof bonusDetailsQuery>;
export const bonusDetailsPage = walletHistoryPage;
export type BonusDetailsPage = WalletHistoryPage;
