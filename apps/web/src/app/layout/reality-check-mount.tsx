import { lazy, Suspense } from 'react';
import { useIdentity } from '../../features/identity';
import { isAgentSession, isTrialSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';

// The reality check (issue 17) runs on every page of a logged-in player: the timer and dialog are a lazy
// chunk loaded only once there is a player session, so the first load carries just this mount.
const RealityCheck = lazy(() => import('../../features/responsible-gaming/components/reality-check'));

/** Mounts the reality check for a logged-in (real, non-agent) player. */
export function RealityCheckMount() {
  const session = useSession();
  const identity = useIdentity();
  if (!session.token || isTrialSession(session) || isAgentSession(session)) return null;
  return (
    <Suspense fallback={null}>
      <RealityCheck
        key={session.token}
        onLogout={identity.logout}
        historyHref="/member?tab=transactionHistory"
      />
    </Suspense>
  );
}
