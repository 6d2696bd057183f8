import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon';
import { dictionaryLanguages, languageDisplayName, switchLanguage } from '../../../i18n';
import { applyTheme, chooseTheme, resolveTheme, type ThemeName } from '../../../lib/theme';
import type { OperatorAccount } from '../api/operator-session';
import { queueIds } from '../model/queue';
import { sections, sectionVisibleTo } from '../sections';
import { SessionTimer } from './session-timer';

/**
 * The console's languages: every shipped dictionary. i18n.test.ts holds each shipped language to every
 * English key of every namespace, the console's ops-* namespaces included, so each one is complete.
 */
const consoleLanguages = dictionaryLanguages;

function currentTheme(): ThemeName {
  const attribute = document.documentElement.getAttribute('data-theme');
  return attribute === 'light' || attribute === 'dark' ? attribute : resolveTheme();
}

/** A section's menu entry, in its own namespace (`nav.title`). */
function SectionLink({
  id,
  namespace,
  onNavigate,
}: {
  id: string;
  namespace: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation(namespace);
  return (
    <NavLink to={`/operator/${id}`} className={linkClass} onClick={onNavigate}>
      {t('nav.title')}
    </NavLink>
  );
}

function linkClass({ isActive }: { isActive: boolean }): string {
  return `operator-nav__link${isActive ? ' operator-nav__link--active' : ''}`;
}

/** The console's menu: the dashboard, each queue and each section the operator's role sees. */
function ConsoleNav({ account, onNavigate }: { account: OperatorAccount; onNavigate: () => void }) {
  const { t } = useTranslation('operator');
  return (
    <ul className="operator-nav__list">
      <li>
        <NavLink to="/operator" end className={linkClass} onClick={onNavigate}>
          {t('nav.dashboard')}
        </NavLink>
      </li>
      {queueIds.map((id) => (
        <li key={id}>
          <NavLink to={`/operator/${id}`} className={linkClass} onClick={onNavigate}>
            {t(`queues.${id}.title`)}
          </NavLink>
        </li>
      ))}
      {sections
        .filter((section) => sectionVisibleTo(section, account.role))
        .map((section) => (
          <li key={section.id}>
            <SectionLink id={section.id} namespace={section.namespace} onNavigate={onNavigate} />
          </li>
        ))}
    </ul>
  );
}

/**
 * The console's frame: a top bar (menu button on tablets and phones, the operator and role, language,
 * theme, logout) and the menu, a side column on desktops and a drawer below 1024 px.
 */
export function ConsoleShell({
  account,
  onLogout,
  children,
}: {
  account: OperatorAccount;
  onLogout: () => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('operator');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [theme, setTheme] = useState<ThemeName>(currentTheme);
  const location = useLocation();

  // A navigation closes the drawer (adjusted while rendering, in the same paint); Escape does too.
  const [seenPath, setSeenPath] = useState(location.pathname);
  if (seenPath !== location.pathname) {
    setSeenPath(location.pathname);
    setDrawerOpen(false);
  }
  useEffect(() => {
    if (!drawerOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDrawerOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  useEffect(() => applyTheme(theme), [theme]);

  const toggleTheme = () => {
    const next = theme === 'dark' ? 'light' : 'dark';
    chooseTheme(next);
    setTheme(next);
  };

  return (
    <div className={`operator-console${drawerOpen ? ' operator-console--drawer-open' : ''}`}>
      <a className="operator-skip" href="#operator-main">
        {t('shell.skip')}
      </a>
      <header className="operator-bar">
        <button
          type="button"
          className="icon-button operator-bar__menu"
          aria-expanded={drawerOpen}
          aria-controls="operator-nav"
          aria-label={t('shell.menu')}
          onClick={() => setDrawerOpen((open) => !open)}
        >
          <Icon name={drawerOpen ? 'close' : 'menu'} />
        </button>
        <span className="operator-bar__title">{t('shell.title')}</span>
        <span className="operator-bar__account">
          {account.username} · {t(`roles.${account.role}`)}
        </span>
        <SessionTimer onLogout={onLogout} />
        <label className="visually-hidden" htmlFor="operator-language">
          {t('shell.language')}
        </label>
        <select
          id="operator-language"
          className="operator-bar__language"
          value={i18n.language}
          onChange={(event) => void switchLanguage(i18n, event.target.value)}
        >
          {consoleLanguages.map((code) => (
            <option key={code} value={code}>
              {languageDisplayName(code)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--ghost"
          aria-pressed={theme === 'light'}
          onClick={toggleTheme}
        >
          {t('shell.lightTheme')}
        </button>
        <button type="button" className="button button--secondary" onClick={onLogout}>
          {t('shell.logout')}
        </button>
      </header>
      <div className="operator-body">
        <nav id="operator-nav" className="operator-nav" aria-label={t('shell.navLabel')}>
          <ConsoleNav account={account} onNavigate={() => setDrawerOpen(false)} />
        </nav>
        {drawerOpen ? (
          <div className="operator-scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
        ) : null}
        <main id="operator-main" className="operator-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}
