import { lazy, Suspense, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import { useIdentity } from '../../features/identity';
import type { MemberCentreTab } from '../../features/member-centre';

// Responsible gaming (issue 17) is its own lazy chunk with its calls and strings.
const ResponsibleGamingPage = lazy(() =>
  import('../../features/responsible-gaming').then((module) => ({ default: module.ResponsibleGamingPage })),
);

/** After a break or self-exclusion every session has ended: the player is logged out here too. */
function ResponsibleGamingTab() {
  const identity = useIdentity();
  return (
    <Suspense fallback={<SkeletonLines count={5} />}>
      <ResponsibleGamingPage onBlocked={() => void identity.logout()} />
    </Suspense>
  );
}

/** The responsible-gaming page of the member centre, or null when the tab is another one. */
export function rgTabPage(tab: MemberCentreTab): ReactNode | null {
  return tab === 'responsibleGaming' ? <ResponsibleGamingTab /> : null;
}
