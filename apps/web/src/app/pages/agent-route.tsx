import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AgentLanding } from '../../features/agent';
import { useIdentity } from '../../features/identity';
import { AgentLoginForm } from '../../features/identity/pages';
import { useWhitelabel } from '../../features/system';
import { isAgentSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';

/** /agent: marketing text and the agent login form; a logged-in agent gets the way to the centre. */
export default function AgentRoute() {
  const { t } = useTranslation();
  const whitelabel = useWhitelabel();
  const session = useSession();
  const identity = useIdentity();
  const loginForm = isAgentSession(session) ? (
    <div className="identity-form">
      <Link className="button button--primary button--block" to="/agentHome">
        {t('nav.agentHome')}
      </Link>
      <button
        type="button"
        className="button button--ghost button--block"
        onClick={() => identity.openDialog('changePassword')}
      >
        {t('identity.changePassword.title')}
      </button>
    </div>
  ) : (
    <AgentLoginForm />
  );
  return <AgentLanding merchantName={whitelabel.data?.merchantName ?? null} loginForm={loginForm} />;
}
