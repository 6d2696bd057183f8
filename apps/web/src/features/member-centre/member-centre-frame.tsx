import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';

export { memberCentreTab, memberCentreTabs, type MemberCentreTab } from './member-centre-tabs';
import { memberCentreTabs, type MemberCentreTab } from './member-centre-tabs';

/** The counts the tab list shows as badges: unread messages, rewards to claim, missions. */
export interface MemberCentreBadges {
  messages: number;
  rewards: number;
  missions: number;
}

// Which tab shows which count, and the i18n key that says what the count means.
const badgeOfTab: Partial<Record<MemberCentreTab, { count: keyof MemberCentreBadges; labelKey: string }>> = {
  messageV2: { count: 'messages', labelKey: 'memberCentre.unread' },
  rewardCenter: { count: 'rewards', labelKey: 'memberCentre.toClaim' },
  // The missions count is the number of missions with something to claim (message_unreadCount).
  missionLeaderboard: { count: 'missions', labelKey: 'memberCentre.toClaim' },
};

/** A tab's badge, or nothing when its count is zero (or the tab has none). */
function TabBadge({ tab, badges }: { tab: MemberCentreTab; badges: MemberCentreBadges }) {
  const { t } = useTranslation();
  const badge = badgeOfTab[tab];
  const unread = badge ? badges[badge.count] : 0;
  if (!badge || unread <= 0) return null;
  return (
    <span className="badge" aria-label={t(badge.labelKey, { unread })}>
      {unread}
    </span>
  );
}

interface MemberCentreFrameProps {
  activeTab: MemberCentreTab;
  badges: MemberCentreBadges;
  /** Whether the referral page is offered (only with the referral promotion). */
  referralEnabled: boolean;
  /** The page of the active tab; null shows the not-open notice. */
  children: ReactNode | null;
  /** Shown under the title on every tab (the points balance and VIP level). */
  summary?: ReactNode;
}

/** The member centre (/member): a tab list beside the active page. */
export function MemberCentreFrame({
  activeTab,
  badges,
  referralEnabled,
  children,
  summary,
}: MemberCentreFrameProps) {
  const { t } = useTranslation();
  const tabs = memberCentreTabs.filter((tab) => tab !== 'referral' || referralEnabled);
  const title = t(`memberCentre.tabs.${activeTab}`);
  return (
    <div className="page">
      <h1 className="page__title">{t('nav.member')}</h1>
      {/* The summary's room is kept while it loads, so the frame below does not move when it arrives. */}
      {summary ? <div className="centre-frame__summary">{summary}</div> : null}
      <div className="centre-frame">
        <nav className="centre-frame__tabs" aria-label={t('memberCentre.pages')}>
          <ul>
            {tabs.map((tab) => (
              <li key={tab}>
                <Link
                  to={{ search: `?tab=${tab}` }}
                  className="centre-frame__tab"
                  aria-current={tab === activeTab ? 'page' : undefined}
                >
                  {t(`memberCentre.tabs.${tab}`)}
                  <TabBadge tab={tab} badges={badges} />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="centre-frame__content" aria-labelledby="member-page-title">
          <h2 id="member-page-title" className="centre-frame__title">
            {title}
          </h2>
          {children ?? (
            <div className="notice-card notice-card--inline">
              <span className="notice-card__icon" aria-hidden="true">
                <Icon name="compass" size={32} />
              </span>
              <p className="notice-card__title">{t('notOpen.title', { section: title })}</p>
              <p className="notice-card__text">{t('notOpen.text')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
