import { lazy, Suspense, type ReactNode } from 'react';
import { SkeletonLines } from '../../components/ui/skeleton';
import type { MemberCentreTab } from '../../features/member-centre';

// messageV2 is its own lazy chunk of features/content.
const MessagesPage = lazy(() =>
  import('../../features/content').then((module) => ({ default: module.MessagesPage })),
);

/** The content page of a member-centre tab (messageV2), or null when the tab is not one of them. */
export function contentTabPage(tab: MemberCentreTab): ReactNode | null {
  if (tab !== 'messageV2') return null;
  return (
    <Suspense fallback={<SkeletonLines count={5} />}>
      <MessagesPage />
    </Suspense>
  );
}
