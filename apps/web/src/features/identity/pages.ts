// The heavier identity screens that live on pages of their own (/agent, /resetPassword, the security
// centre). Only lazy route chunks import this file, so none of it enters the home load.
export { AgentLoginForm } from './components/agent-login-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { SecurityCentre } from './components/security-centre';
export { sessionTimeFormat } from './components/sessions-section';
