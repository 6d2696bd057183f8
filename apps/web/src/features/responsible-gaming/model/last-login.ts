import { htmlLangOf } from '../../../i18n';

/** Where a login came from: the country in the player's language, with the address ("Thailand (1.2.3.4)"). */
export function placeOf(login: { ip: string; country: string | null }, language: string): string {
  if (!login.country) return login.ip;
  let name = login.country;
  try {
    name = new Intl.DisplayNames([htmlLangOf(language)], { type: 'region' }).of(login.country) ?? name;
  } catch {
    // An unknown code stays as it is.
  }
  return `${name} (${login.ip})`;
}

/** sessionStorage key: the previous login already shown in this tab (its time), so a reload does not repeat it. */
export const lastLoginShownKey = 'rg.lastLoginShown';
