import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import type { OperatorRole } from '@portal/contracts';
import { ErrorState } from '../../../../components/ui/error-state';
import { SkeletonLines } from '../../../../components/ui/skeleton';
import { useOperatorErrorText } from '../../api/queue-queries';
import type { SectionPageProps } from '../../sections';
import { BrandingForm, LanguagesForm, ModulesForm, StatusForm, WithdrawalsForm } from './area-forms';
import { ChannelsPage } from './channels-page';
import { CountriesForm } from './countries-form';
import { LayoutForm } from './layout-form';
import { SocialForm } from './social-form';
import { RegisterEditor } from './register-editor';
import { useSettings } from './settings-queries';
import './settings.css';

const ownerTabs = [
  'modules',
  'languages',
  'register',
  'countries',
  'layout',
  'social',
  'status',
  'withdrawals',
  'channels',
] as const;
type Tab = (typeof ownerTabs)[number];

/** The tabs a role works with: the owner all of them, finance the deposit channels (ops-access.ts). */
function tabsOf(role: OperatorRole): readonly Tab[] {
  if (role === 'owner') return ownerTabs;
  return role === 'finance' ? ['channels'] : [];
}

/** One white-label area, from the settings read (loading and failure said in place). */
function SettingsArea({ tab }: { tab: Exclude<Tab, 'channels'> }) {
  const { t } = useTranslation('ops-settings');
  const errorText = useOperatorErrorText();
  const settings = useSettings();
  if (settings.isError) {
    return <ErrorState message={errorText(settings.error)} onRetry={() => void settings.refetch()} />;
  }
  if (!settings.data) return <SkeletonLines count={6} />;
  const data = settings.data;
  switch (tab) {
    case 'modules':
      return <ModulesForm settings={data} />;
    case 'languages':
      return (
        <>
          <LanguagesForm settings={data} />
          <BrandingForm settings={data} />
        </>
      );
    case 'register':
      return <RegisterEditor settings={data} />;
    case 'countries':
      return <CountriesForm settings={data} />;
    case 'layout':
      return <LayoutForm settings={data} />;
    case 'social':
      return <SocialForm settings={data} />;
    case 'status':
      return <StatusForm settings={data} />;
    case 'withdrawals':
      return (
        <>
          <WithdrawalsForm settings={data} />
          <p className="ops-settings__lead">
            {t('service.lead')} <Link to="/operator/content/service">{t('service.chat')}</Link>,{' '}
            <Link to="/operator/content/resources">{t('service.resources')}</Link>
          </p>
        </>
      );
  }
}

/**
 * The console's settings section (issue 16) at /operator/settings/<area>: the white-label settings the
 * player side reads (module switches, languages, themes and brand, the register form, system status,
 * withdrawal limits) for the owner, and the deposit channels for the owner and finance. Its own lazy
 * chunk and namespace (ops-settings).
 */
export default function SettingsSection({ account, rest }: SectionPageProps) {
  const { t } = useTranslation('ops-settings');
  const tabs = tabsOf(account.role);
  const wanted = rest.split('/')[0] ?? '';
  const tab = tabs.find((candidate) => candidate === wanted) ?? (wanted === '' ? tabs[0] : undefined);
  return (
    <div className="ops-settings">
      <h1>{t('nav.title')}</h1>
      <nav className="ops-settings__tabs" aria-label={t('tabs.label')}>
        <ul>
          {tabs.map((id) => (
            <li key={id}>
              <NavLink to={`/operator/settings/${id}`} className="ops-settings__tab">
                {t(`tabs.${id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {tab === undefined ? (
        <p role="alert">{t(tabs.length === 0 ? 'notForRole' : 'unknown')}</p>
      ) : tab === 'channels' ? (
        <ChannelsPage />
      ) : (
        <SettingsArea key={tab} tab={tab} />
      )}
    </div>
  );
}
