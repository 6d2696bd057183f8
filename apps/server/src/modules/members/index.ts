/**
 * The members module's public face (decision 0027): the profile side of an account - registration
 * (which asks auth to open the first session), the affiliate check, member info and the avatar.
 */
export { affiliate, checkRegistrationFields, icon, info, register, registerMobile } from './members.service';
export { createDownlineAccount, type DownlineAccountRequest } from './downline-account';
