import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The content pieces of the layout (banners of a place, the service widget, the messages links with
 * their badges), all from one lazy chunk: the layout is on every first load, its budget is nearly spent.
 */
const load = () => import('./content-slots');
const BannerSlotChunk = lazy(() => load().then((module) => ({ default: module.BannerSlot })));
const ServiceWidgetChunk = lazy(() => load().then((module) => ({ default: module.ServiceWidgetSlot })));
const SideMenuMessagesChunk = lazy(() => load().then((module) => ({ default: module.SideMenuMessages })));
const HeaderMessagesChunk = lazy(() => load().then((module) => ({ default: module.HeaderMessagesLink })));

/** The banners of one place (w_login, w_register, w_forget, w_game, w_leftmenu). */
export function BannerSlot(props: ComponentProps<typeof BannerSlotChunk>) {
  return (
    <Suspense fallback={null}>
      <BannerSlotChunk {...props} />
    </Suspense>
  );
}

/** What the identity popups render above their forms (IdentityProvider's bannerSlot). */
export function identityBannerSlot(group: 'w_login' | 'w_register' | 'w_forget') {
  return <BannerSlot group={group} />;
}

/** The floating service widget. */
export function ServiceWidgetSlot() {
  return (
    <Suspense fallback={null}>
      <ServiceWidgetChunk />
    </Suspense>
  );
}

/** The side menu's messages link with its unread badge. */
export function SideMenuMessages(props: ComponentProps<typeof SideMenuMessagesChunk>) {
  return (
    <Suspense fallback={null}>
      <SideMenuMessagesChunk {...props} />
    </Suspense>
  );
}

/** The header's messages link with its unread badge. */
export function HeaderMessagesLink() {
  return (
    <Suspense fallback={null}>
      <HeaderMessagesChunk />
    </Suspense>
  );
}
