import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { Icon } from '../../components/ui/icon';
import { SkeletonLines } from '../../components/ui/skeleton';
import { errorMessageKey } from '../../lib/api';
import {
  agentMenu,
  currentAgentPage,
  formatClock,
  formatGmtOffset,
  isContractPage,
  isPageEnabled,
  pendingCount,
  type AgentMenuPage,
  type ContractFlagsState,
} from './agent-menu';

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
  /** The consolidated contract flags: they switch the contract and payout pages on. */
  contractFlags: ContractFlagsState;
  activePage: AgentMenuPage | null;
  onLogout: () => void;
  onChangePassword: () => void;
  /** The page of the open menu entry (the app layer composes it); null shows the not-open notice. */
  children?: ReactNode | null;
}

/** A notice in the frame's content: a page that is not open yet, or not enabled for this site. */
function FrameNotice({ title, text }: { title: string; text: string }) {
  return (
    <div className="notice-card notice-card--inline">
      <span className="notice-card__icon" aria-hidden="true">
        <Icon name="compass" size={32} />
      </span>
      <p className="notice-card__title">{title}</p>
      <p className="notice-card__text">{text}</p>
    </div>
  );
}

/**
 * The open entry's page, or what stands in for it: a contract page waits for the flags, says when the
 * site does not enable it (someone may follow an old link), and offers a retry when the flags failed.
 */
function FramePage({
  page,
  contractFlags,
  children,
}: {
  page: AgentMenuPage;
  contractFlags: ContractFlagsState;
  children: ReactNode | null;
}) {
  const { t } = useTranslation('agent');
  const section = t(`agent.menu.${page}`);
  if (isContractPage(page)) {
    if (contractFlags.status === 'pending') return <SkeletonLines count={5} />;
    if (contractFlags.status === 'error') {
      return <ErrorState message={t(errorMessageKey(contractFlags.error))} onRetry={contractFlags.retry} />;
    }
    if (!isPageEnabled(page, contractFlags.flags)) {
      return (
        <FrameNotice title={t('agent.home.notEnabled', { section })} text={t('agent.home.notEnabledText')} />
      );
    }
  }
  return children ?? <FrameNotice title={t('notOpen.title', { section })} text={t('notOpen.text')} />;
}

/**
 * The agent centre frame (/agentHome): merchant time zone and live clock, nickname, log out, and the
 * agent menu of spec section 2 beside the open entry's page. Menu pages that a later release opens say
 * so plainly.
 */
export function AgentHome({
  nickname,
  gmtOffsetMinutes,
  contractFlags,
  activePage,
  onLogout,
  onChangePassword,
  children = null,
}: AgentHomeProps) {
  const { t } = useTranslation('agent');
  const menu = agentMenu(contractFlags);
  const current = currentAgentPage(activePage);
  const pending = contractFlags.status === 'ready' ? pendingCount(contractFlags.flags) : 0;
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
                  {page === 'contractRequests' && pending > 0 ? (
                    <span className="badge" aria-label={t('agent.home.pending', { count: pending })}>
                      {pending}
                    </span>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section className="centre-frame__content" aria-labelledby="agent-page-title">
          <h2 id="agent-page-title" className="centre-frame__title">
            {t(`agent.menu.${current}`)}
          </h2>
          <FramePage page={current} contractFlags={contractFlags}>
            {children}
          </FramePage>
        </section>
      </div>
    </div>
  );
}
