import type { ModuleFlags } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/ui/icon';
import { agentMenu, formatClock, formatGmtOffset, type AgentMenuPage } from './agent-menu';

/** The clock refreshes every second (spec section 9). */
export const clockTickMs = 1000;

function LiveClock({ gmtOffsetMinutes }: { gmtOffsetMinutes: number }) {
  const { t } = useTranslation('agent');
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), clockTickMs);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="agent-home__clock">
      <Icon name="clock" size={18} />
      <span className="visually-hidden">{t('agent.home.merchantTime')} </span>
      <time dateTime={new Date(now).toISOString()}>{formatClock(now, gmtOffsetMinutes)}</time>
      <span className="agent-home__offset">{formatGmtOffset(gmtOffsetMinutes)}</span>
    </p>
  );
}

interface AgentHomeProps {
  nickname: string | null;
  /** Null while member info loads. */
  gmtOffsetMinutes: number | null;
  modules: ModuleFlags | null;
  activePage: AgentMenuPage | null;
  onLogout: () => void;
  onChangePassword: () => void;
  /** The page of the open menu entry (the app layer composes it); null shows the not-open notice. */
  children?: ReactNode | null;
}

/** The menu entry shown: the asked one when this merchant offers it, else the first. */
export function currentAgentPage(
  modules: ModuleFlags | null,
  asked: AgentMenuPage | null,
): AgentMenuPage | null {
  const menu = agentMenu(modules);
  return asked && menu.includes(asked) ? asked : (menu[0] ?? null);
}

/**
 * The agent centre frame (/agentHome): merchant time zone and live clock, nickname, log out, and the
 * agent menu of spec section 2 beside the open entry's page. Menu pages that a later release opens say
 * so plainly.
 */
export function AgentHome({
  nickname,
  gmtOffsetMinutes,
  modules,
  activePage,
  onLogout,
  onChangePassword,
  children = null,
}: AgentHomeProps) {
  const { t } = useTranslation('agent');
  const menu = agentMenu(modules);
  const current = currentAgentPage(modules, activePage);
  return (
    <div className="page agent-home">
      <header className="agent-home__bar">
        <div>
          <p className="agent-home__eyebrow">{t('nav.agentHome')}</p>
          <h1 className="agent-home__title">{t('agent.home.greeting', { name: nickname ?? '…' })}</h1>
        </div>
        {gmtOffsetMinutes === null ? null : <LiveClock gmtOffsetMinutes={gmtOffsetMinutes} />}
        <div className="agent-home__actions">
          <button type="button" className="button button--ghost" onClick={onChangePassword}>
            <Icon name="lock" size={18} />
            {t('identity.changePassword.title')}
          </button>
          <button type="button" className="button button--secondary" onClick={onLogout}>
            <Icon name="logout" size={18} />
            {t('identity.logout.action')}
          </button>
        </div>
      </header>
      <div className="centre-frame">
        <nav className="centre-frame__tabs" aria-label={t('agent.home.menu')}>
          <ul>
            {menu.map((page) => (
              <li key={page}>
                <Link
                  to={{ search: `?page=${page}` }}
                  className="centre-frame__tab"
                  aria-current={page === current ? 'page' : undefined}
                >
                  {t(`agent.menu.${page}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="centre-frame__content" aria-labelledby="agent-page-title">
          <h2 id="agent-page-title" className="centre-frame__title">
            {current ? t(`agent.menu.${current}`) : ''}
          </h2>
          {children ?? (
            <div className="notice-card notice-card--inline">
              <span className="notice-card__icon" aria-hidden="true">
                <Icon name="compass" size={32} />
              </span>
              <p className="notice-card__title">
                {t('notOpen.title', { section: current ? t(`agent.menu.${current}`) : '' })}
              </p>
              <p className="notice-card__text">{t('notOpen.text')}</p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
