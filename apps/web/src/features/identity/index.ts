// The light part of identity, loaded with every page: the provider, the actions and member info.
// Forms and dialogs load lazily (identity-provider.tsx, lazy.ts).
export { IdentityProvider } from './identity-provider';
export { useIdentity, type IdentityDialog, type LoginMethod } from './identity-context';
export { useMemberInfo, memberQueryKeys } from './api/member-queries';
export { readRememberedLogin, writeRememberedLogin, rememberCookies } from './model/remember-me';
