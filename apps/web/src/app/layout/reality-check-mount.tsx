import { Suspense, useState } from 'react';
import { useIdentity } from '../../features/identity';
import type * as RealityCheckModule from '../../features/responsible-gaming/components/reality-check';
import type { RealityCheckProps } from '../../features/responsible-gaming/components/reality-check';
import { isAgentSession, isTrialSession, readSession, type Session } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { retryableLazy } from '../lazy-page';
import type { PageBoot } from '../route-page';

// The reality check (issue 17) runs on every page of a logged-in player: the timer and dialog are a lazy
// chunk loaded only once there is a player session, so the first load carries just this mount.
const realityCheck = retryableLazy<RealityCheckProps, typeof RealityCheckModule>(
  () => import('../../features/responsible-gaming/components/reality-check'),
);

/** Whether the session is a logged-in real player's (the reality check's audience). */
function isPlayerSession(session: Session): boolean {
  return session.token !== null && !isTrialSession(session) && !isAgentSession(session);
}

/**
 * Called by the boot (main.tsx) on a player's first page: the reality check's chunk, its session read and
 * strings start now, so the last-login notice shown after a login is in the first paint instead of
 * arriving seconds later (it was the member centre's largest content). Never rejects; nothing for others.
 */
export function prefetchRealityCheck({ queryClient, api, loadNamespaces }: PageBoot): Promise<void> {
  if (!isPlayerSession(readSession())) return Promise.resolve();
  return Promise.all([
    realityCheck.preload().then((module) => queryClient.prefetchQuery(module.rgSessionQuery(api))),
    loadNamespaces(['rg']),
  ]).then(
    () => undefined,
    () => undefined,
  );
}

/** Mounts the reality check for a logged-in (real, non-agent) player. */
export function RealityCheckMount() {
  const session = useSession();
  const identity = useIdentity();
  // Decided once per mount: the chunk's component itself when the boot loaded it (no suspending).
  const [RealityCheck] = useState(() => realityCheck.current());
  if (!isPlayerSession(session)) return null;
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
