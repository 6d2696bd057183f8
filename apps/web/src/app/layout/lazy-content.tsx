import { Suspense, useState } from 'react';
import { retryableLazy } from '../lazy-page';
import type * as ContentSlotsModule from './content-slots';
import type { ContentSlotProps } from './content-slots';

/**
 * The layout's content pieces (banners of a place, the service widget, the messages links with their
 * badges, the footer's promotions) come from one lazy chunk through one boundary: the layout is on every
 * first load and its budget is nearly spent.
 */
const contentSlots = retryableLazy<ContentSlotProps, typeof ContentSlotsModule>(
  () => import('./content-slots'),
);

/**
 * Loads the content pieces' chunk and, for a place's banners, the banner chunk: a first page whose
 * top shows banners (the game lists) starts them at boot, and then renders them without suspending.
 */
export function preloadBannerSlot(): Promise<void> {
  return contentSlots.preload().then((module) => module.preloadBannerSlot());
}

/** One content piece of the layout, by kind. */
export function ContentSlot(props: ContentSlotProps) {
  // Decided once per mount: the chunk's component itself when it is in (no suspending), else the lazy one.
  const [ContentSlotChunk] = useState(() => contentSlots.current());
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
