import type { LoginResult, ModuleFlags, Whitelabel } from '@portal/contracts';
import { createContext, useContext, type ReactNode } from 'react';

/** The identity dialogs; the forced password change is not here because nothing may close it. */
export type IdentityDialog =
  'login' | 'register' | 'forgotPassword' | 'changePassword' | 'logout' | 'welcome' | 'trialBlocked';

/** How a login happened; SMS logins never carry a known password. */
export type LoginMethod = 'username' | 'sms' | 'register' | 'reset' | 'freePlay' | 'social';

export interface LoginCompletion {
  result: LoginResult;
  method: LoginMethod;
  /** The password just typed, kept in memory only so a forced change need not ask for it again. */
  password?: string;
}

/** Banner places of the identity popups (spec section 3 groupName). */
export type IdentityBannerGroup = 'w_login' | 'w_register' | 'w_forget';

export interface IdentityActions {
  /** The merchant's module switches (SMS login, mobile registration, free play), null while loading. */
  modules: ModuleFlags | null;
  /** The merchant's white-label settings (countries of the mobile pickers and more), null while loading. */
  whitelabel: Whitelabel | null;
  /** Renders the banners of a popup; the app layer passes it in (features do not import each other). */
  bannerSlot: ((group: IdentityBannerGroup) => ReactNode) | null;
  /** The open dialog, or null. */
  dialog: IdentityDialog | null;
  /** Why the login dialog opened, when it was not the visitor's choice. */
  loginReason: 'sessionExpired' | 'loginRequired' | 'socialFailed' | null;
  openDialog: (dialog: IdentityDialog) => void;
  closeDialog: () => void;
  /** Stores the session of a successful login and moves on (forced change, welcome, agent centre). */
  completeLogin: (completion: LoginCompletion) => void;
  /** Logs out now (after the confirmation); clears the session and leaves for / or /agent. */
  logout: () => Promise<void>;
  /** True when logged in as a real account; otherwise opens the login popup or the trial notice. */
  requireRealAccount: () => boolean;
  /** The password of the login that led to a forced change, if this page saw it. */
  knownPassword: () => string | null;
  /** After a successful password change: lifts a forced change and forgets the known password. */
  passwordChanged: () => void;
}

export const IdentityContext = createContext<IdentityActions | null>(null);

/** The identity actions of the nearest IdentityProvider. */
export function useIdentity(): IdentityActions {
  const context = useContext(IdentityContext);
  if (!context) throw new Error('useIdentity needs an IdentityProvider');
  return context;
}
