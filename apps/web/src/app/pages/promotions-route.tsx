import { lazy, Suspense } from 'react';
import { PromotionsPage } from '../../features/content';
import { useIdentity } from '../../features/identity';
import { useWhitelabel } from '../../features/system';
import { isTrialSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';

// The promotion's activity comes from the reward pages' lazy chunk (with the reward calls): the
// promotions page loads it, home never does.
const PromotionActivity = lazy(() =>
  import('../../features/rewards').then((module) => ({ default: module.PromotionActivity })),
);

/**
 * A promotion's activity (rewards) inside a promotion (content): the status and button of the activity
 * whose promotionId is this promotion's, for a real account; in the detail, a login button for a visitor
 * (a trial account gets the trial notice from the same button).
 */
function PromotionActivitySlot({ promotionId, place }: { promotionId: string; place: 'card' | 'detail' }) {
  const session = useSession();
  const identity = useIdentity();
  const currency = useWhitelabel().data?.currency;
  const loggedIn = session.token !== null && !isTrialSession(session);
  // A visitor's list cards show nothing, so they need not load the chunk.
  if (!currency || (!loggedIn && place === 'card')) return null;
  return (
    <Suspense fallback={null}>
      <PromotionActivity
        promotionId={promotionId}
        currency={currency}
        loggedIn={loggedIn}
        onLogin={() => void identity.requireRealAccount()}
        place={place}
      />
    </Suspense>
  );
}

/** /promotions, and /promotions#<id> with that promotion open. */
export default function PromotionsRoute() {
  return (
    <PromotionsPage
      activitySlot={(promotionId, place) => <PromotionActivitySlot promotionId={promotionId} place={place} />}
    />
  );
}
