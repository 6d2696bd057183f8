import type { Currency } from '@portal/contracts';
import { formatMoneyDisplay, parseMinor } from '@portal/contracts/rules';

/** A decimal string from the server, for people: separators, the currency's decimals and symbol. */
export function displayMoney(amount: string, currency: Currency): string {
  const minor = parseMinor(amount, currency.decimals);
  return minor === null ? amount : formatMoneyDisplay(minor, currency.decimals, currency.symbol);
}
