/**
 * The auth module's public face (decision 0027): proving who someone is and the session that follows -
 * credentials (passwords, authenticator, second factor, resets), sessions, login and attempt limits,
 * captcha, SMS codes, mail, encrypted calls. Other modules and the HTTP layer import only this file;
 * app.ts registers auth.routes.ts itself.
 */
export {
  changePassword,
  confirmTotp,
  disableTotp,
  enrolTotp,
  previousLogin,
  recentOrigins,
  revoke,
  revokeAllSessions,
  sessions,
} from './account-security.service';
export { endSessionsOf, forcePasswordReset, temporaryPassword } from './account-control';
export {
  clearFailures,
  failuresWithin,
  lockedForSeconds,
  recordFailure,
  recordFailures,
  type AttemptLimit,
} from './attempt-limit';
export { contextOf, sessionPolicy, type CodeChannels } from './auth.service';
export { consumeCaptcha } from './captcha';
export { openEncryption, type Encryption } from './encryption';
export { completeLoginOf, type LoginContext, type LoginGuard } from './login.service';
export { createMailer, type Mailer } from './mailer';
export { hashPassword, verifyPassword } from './passwords';
export { checkNewPassword, requestEmailReset, resetByEmail, resetByPhone } from './password-reset.service';
export {
  findSession,
  hashToken,
  liveSessionIds,
  type AuthenticatedSession,
  type LoginMethod,
  type SessionPolicy,
} from './sessions';
export { httpSmsProvider, normaliseMobile, outboxSmsProvider, verifyCode, type SmsProvider } from './sms';
export { newTotpSecret, totpAccepts, totpFor } from './totp';
