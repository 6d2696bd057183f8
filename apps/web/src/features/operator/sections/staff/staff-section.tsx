import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { SectionPageProps } from '../../sections';
import { StaffListPage } from './staff-list-page';
import { StaffSecurityPage } from './security-page';
import './staff.css';

/**
 * Staff (owner, issue 16): the merchant's staff accounts at /operator/staff and its staff IP allow-list and
 * session limits at /operator/staff/security.
 */
export default function StaffSection({ account, rest }: SectionPageProps) {
  const { t } = useTranslation('ops-staff');
  const tab = (to: string, label: string, end: boolean) => (
    <li>
      <NavLink
        to={to}
        end={end}
        className={({ isActive }) => `staff-tabs__link${isActive ? ' staff-tabs__link--active' : ''}`}
      >
        {label}
      </NavLink>
    </li>
  );
  return (
    <div className="operator-queue staff-section">
      <h1>{t('title')}</h1>
      <p className="operator-queue__lead">{t('lead')}</p>
      <nav aria-label={t('tabs.label')}>
        <ul className="staff-tabs">
          {tab('/operator/staff', t('tabs.accounts'), true)}
          {tab('/operator/staff/security', t('tabs.security'), false)}
        </ul>
      </nav>
      {rest === 'security' ? <StaffSecurityPage /> : <StaffListPage account={account} />}
    </div>
  );
}
