import type { BannerGroup } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { useAfterIdle } from '../../components/ui/use-near-viewport';
import { useUnreadCount } from '../../features/content/api/content-queries';
import { useMemberInfo } from '../../features/identity';
import { usePermission, useWhitelabel } from '../../features/system';
import { isAgentSession, isTrialSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { retryableLazy } from '../lazy-page';

// This module is itself a lazy chunk (see lazy-content.tsx); the feature pieces below are further chunks.
const bannerSlot = retryableLazy<{ group: BannerGroup }>(
  () => import('../../features/content/components/banner-slot'),
);
const ServiceWidgetChunk = lazy(() => import('../../features/content/feedback/service-widget'));
const FooterPromotionsChunk = lazy(() => import('../../features/content/components/footer-promotions'));
// The points badge (issue 15): a further chunk with the points balance call, never in home's first load.
const PointsBadgeChunk = lazy(() => import('../../features/points/components/points-badge'));

/** The banners of one place (w_login, w_register, w_forget, w_game, w_leftmenu), loaded lazily. */
export function BannerSlot({ group }: { group: BannerGroup }) {
  // The chunk's component itself once a first page's prefetch loaded it: no suspending, no empty frame.
  const [BannerSlotChunk] = useState(() => bannerSlot.current());
  return (
    <Suspense fallback={null}>
      <BannerSlotChunk group={group} />
    </Suspense>
  );
}

/** Loads the banner chunk ahead of rendering (lazy-content's preloadBannerSlot). */
export function preloadBannerSlot(): Promise<void> {
  return bannerSlot.preload().then(() => undefined);
}

/**
 * The floating service widget (TELEGRAM, FACEBOOK, APPDOWNLOAD2, live chat, feedback). Its chunks (the
 * widget, live chat, the feedback form and its picture picker: six files) load once the first page has
 * painted and the browser is idle, not beside the first page's own.
 */
export function ServiceWidgetSlot() {
  const permission = usePermission();
  const loggedIn = useSession().token !== null;
  const ready = useAfterIdle();
  if (!permission.data || !ready) return null;
  const { resources, customerService } = permission.data.info;
  return (
    <Suspense fallback={null}>
      <ServiceWidgetChunk
        resources={resources}
        liveChatId={customerService[0]?.id ?? null}
        loggedIn={loggedIn}
      />
    </Suspense>
  );
}

/** The side menu's messages link with its unread badge (members only). */
export function SideMenuMessages({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const loggedIn = useSession().token !== null;
  const member = useMemberInfo();
  if (!loggedIn) return null;
  const unread = member.data?.unreadMessages ?? 0;
  const label = t('memberCentre.tabs.messageV2');
  return (
    <li>
      <Link
        to="/member?tab=messageV2"
        className="side-menu__link"
        title={collapsed ? label : undefined}
        aria-label={unread > 0 ? `${label}, ${t('memberCentre.unread', { unread })}` : undefined}
      >
        <Icon name="chat" />
        <span className="side-menu__label">{label}</span>
        {unread > 0 ? (
          <span className="badge" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * The side menu's "Reward centre" (spec section 2) with the count of rewards to claim (members only). The
 * count is the badge counts' read (messageUnreadCount); the reward pages and their calls load only when
 * the link is followed.
 */
export function SideMenuRewards({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const loggedIn = session.token !== null;
  // A trial account has no reward centre (the member centre refuses it): no count to read.
  const unread = useUnreadCount(loggedIn && !isTrialSession(session));
  if (!loggedIn) return null;
  const count = unread.data?.rewards ?? 0;
  const label = t('memberCentre.tabs.rewardCenter');
  return (
    <li>
      <Link
        to="/member?tab=rewardCenter"
        className="side-menu__link"
        title={collapsed ? label : undefined}
        aria-label={count > 0 ? `${label}, ${t('memberCentre.toClaim', { unread: count })}` : undefined}
      >
        <Icon name="gift" />
        <span className="side-menu__label">{label}</span>
        {count > 0 ? (
          <span className="badge" aria-hidden="true">
            {count}
          </span>
        ) : null}
      </Link>
    </li>
  );
}

/**
 * The side menu's "Invite friends" (spec section 2): an agent's leads to the agent register centre, with
 * its link, QR code and direct registration; anyone else's to the member referral page, offered only
 * with the referral promotion.
 */
export function SideMenuInvite({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const whitelabel = useWhitelabel();
  const agent = isAgentSession(session);
  if (!agent && whitelabel.data?.modules.referralPromotion !== true) return null;
  const label = t('memberCentre.tabs.referral');
  return (
    <li>
      <Link
        to={agent ? '/agentHome?page=registerCenter' : '/member?tab=referral'}
        className="side-menu__link"
        title={collapsed ? label : undefined}
      >
        <Icon name="users" />
        <span className="side-menu__label">{label}</span>
      </Link>
    </li>
  );
}

/** The header's messages link with the unread badge. */
export function HeaderMessagesLink() {
  const { t } = useTranslation();
  const member = useMemberInfo();
  const unread = member.data?.unreadMessages ?? 0;
  return (
    <Link
      to="/member?tab=messageV2"
      className="icon-button header-account__messages"
      aria-label={t('memberCentre.unread', { unread })}
    >
      <Icon name="chat" size={18} />
      {unread > 0 ? (
        <span className="badge" aria-hidden="true">
          {unread}
        </span>
      ) : null}
    </Link>
  );
}

/** The header's points balance and VIP level (a signed-in real account only: trial accounts have no points). */
export function HeaderPoints() {
  const session = useSession();
  if (session.token === null || isTrialSession(session) || isAgentSession(session)) return null;
  return (
    <Suspense fallback={null}>
      <PointsBadgeChunk place="header" />
    </Suspense>
  );
}

/** The footer's promotions column (at most 6). */
function FooterPromotionsColumn() {
  const { t } = useTranslation();
  return (
    <section className="site-footer__column" aria-labelledby="footer-promotions">
      <h2 id="footer-promotions" className="site-footer__heading">
        {t('footer.promotions')}
      </h2>
      <Suspense fallback={null}>
        <FooterPromotionsChunk />
      </Suspense>
    </section>
  );
}

export type ContentSlotProps =
  | { kind: 'banner'; group: BannerGroup }
  | { kind: 'serviceWidget' }
  | { kind: 'sideMenuMessages'; collapsed: boolean }
  | { kind: 'sideMenuRewards'; collapsed: boolean }
  | { kind: 'sideMenuInvite'; collapsed: boolean }
  | { kind: 'headerMessages' }
  | { kind: 'headerPoints' }
  | { kind: 'footerPromotions' };

/** The layout's content pieces by kind (the default export is the lazy chunk's one entry). */
export default function ContentSlotPiece(props: ContentSlotProps) {
  switch (props.kind) {
    case 'banner':
      return <BannerSlot group={props.group} />;
    case 'serviceWidget':
      return <ServiceWidgetSlot />;
    case 'sideMenuMessages':
      return <SideMenuMessages collapsed={props.collapsed} />;
    case 'sideMenuRewards':
      return <SideMenuRewards collapsed={props.collapsed} />;
    case 'sideMenuInvite':
      return <SideMenuInvite collapsed={props.collapsed} />;
    case 'headerMessages':
      return <HeaderMessagesLink />;
    case 'headerPoints':
      return <HeaderPoints />;
    case 'footerPromotions':
      return <FooterPromotionsColumn />;
  }
}
