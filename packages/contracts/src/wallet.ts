import { z } from 'zod';

/** Money in JSON: a decimal string in the currency's units, e.g. "1234.50" (never a float). */
export const moneyText = z.string().regex(/^-?\d{1,16}(\.\d{1,4})?$/, 'a decimal amount such as 1234.50');

/** `/wps/v2/wallets/balance`: the player's main wallet. */
export const walletBalance = z.object({
  balance: moneyText,
  currencyCode: z.string(),
  currencySymbol: z.string(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** `/wps/member/info/funds/consolidated`: the main wallet and every vendor wallet. */
export const consolidatedFunds = z.object({
  currencyCode: z.string(),
  main: moneyText,
  vendors: z.array(z.object({ vendorCode: z.string(), balance: moneyText })),
  total: moneyText,
});
export type ConsolidatedFunds = z.infer<typeof consolidatedFunds>;

/**
 * `merchantWallet` (spec section 3 keeps it for the session): the merchant's currency for the header
 * balance and the separate game wallets (transfer-mode vendors) a player can hold money in.
 */
export const merchantWallet = z.object({
  currencyCode: z.string(),
  currencySymbol: z.string(),
  decimals: z.number().int(),
  wallets: z.array(z.object({ vendorCode: z.string(), name: z.string() })),
});
export type MerchantWallet = z.infer<typeof merchantWallet>;
