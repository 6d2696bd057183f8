import { LoginForm } from './login-form';

/** The agent side's login form (/agent): username and password only, side 'agent'. */
export function AgentLoginForm() {
  return <LoginForm side="agent" />;
}
