/**
 * "Remember me" (spec sections 3 and 9): the last user, the remember flag and the SMS mobile number with
 * its dialing code, in cookies that last one day. The password is never stored.
 */
export const rememberCookies = {
  user: 'lastUser',
  flag: 'rememberMe',
  mobile: 'smsMobile',
  dialingCode: 'smsDialingCode',
} as const;

const oneDaySeconds = 24 * 60 * 60;

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = value === null ? 'Max-Age=0' : `Max-Age=${oneDaySeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value ?? '')}; ${lifetime}; Path=/; SameSite=Strict${secure}`;
}

export interface RememberedLogin {
  remember: boolean;
  username: string;
  mobileNum: string;
  countryDialingCode: string | null;
}

/** What the last remembered login left, or empty values. */
export function readRememberedLogin(): RememberedLogin {
  return {
    remember: readCookie(rememberCookies.flag) === '1',
    username: readCookie(rememberCookies.user) ?? '',
    mobileNum: readCookie(rememberCookies.mobile) ?? '',
    countryDialingCode: readCookie(rememberCookies.dialingCode),
  };
}

/** Remembers (or forgets, when remember is false) the user name or the SMS mobile number. */
export function writeRememberedLogin(
  remember: boolean,
  login: { username?: string; mobileNum?: string; countryDialingCode?: string },
): void {
  writeCookie(rememberCookies.flag, remember ? '1' : null);
  if (!remember) {
    for (const name of [rememberCookies.user, rememberCookies.mobile, rememberCookies.dialingCode]) {
      writeCookie(name, null);
    }
    return;
  }
  if (login.username !== undefined) writeCookie(rememberCookies.user, login.username);
  if (login.mobileNum !== undefined) writeCookie(rememberCookies.mobile, login.mobileNum);
  if (login.countryDialingCode !== undefined) {
    writeCookie(rememberCookies.dialingCode, login.countryDialingCode);
  }
}
