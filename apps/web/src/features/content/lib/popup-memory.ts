import { readStored, writeStored } from '../../../lib/storage';

/**
 * Spec section 3: a popup shows at most once per session, with separate keys for the anonymous
 * visitor and the logged-in user (decision 0017). The value is the list of popup ids already shown.
 */
export function popupStorageKey(loggedIn: boolean): string {
  return loggedIn ? 'announcementPopup.user' : 'announcementPopup.anonymous';
}

/** Ids of popups already shown under this key in this browser session. */
export function shownPopups(loggedIn: boolean): Set<string> {
  const stored = readStored('sessionStorage', popupStorageKey(loggedIn));
  return new Set(stored ? stored.split(',').filter((id) => /^\d{1,18}$/.test(id)) : []);
}

/** Remembers that a popup was shown under this key. */
export function rememberPopup(loggedIn: boolean, id: string): void {
  const shown = shownPopups(loggedIn);
  shown.add(id);
  writeStored('sessionStorage', popupStorageKey(loggedIn), [...shown].slice(-50).join(','));
}
