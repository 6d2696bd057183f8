import { lazy, Suspense } from 'react';
import type { ContentSlotProps } from './content-slots';

/**
 * The layout's content pieces (banners of a place, the service widget, the messages links with their
 * badges, the footer's promotions) come from one lazy chunk through one boundary: the layout is on every
 * first load and its budget is nearly spent.
 */
const ContentSlotChunk = lazy(() => import('./content-slots'));

/** One content piece of the layout, by kind. */
export function ContentSlot(props: ContentSlotProps) {
  return (
    <Suspense fallback={null}>
      <ContentSlotChunk {...props} />
    </Suspense>
  );
}

/** What the identity popups render above their forms (IdentityProvider's bannerSlot). */
export function identityBannerSlot(group: 'w_login' | 'w_register' | 'w_forget') {
  return <ContentSlot kind="banner" group={group} />;
}
