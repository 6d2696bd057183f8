import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { OperatorRole } from '@portal/contracts';
import type { OperatorAccount } from './api/operator-session';

/** What a section's page is given: the operator, and the address below `/operator/<id>/` ('' at its top). */
export interface SectionPageProps {
  account: OperatorAccount;
  rest: string;
}

/**
 * One area of the console beyond the queues (staff, settings, players, reports, ...): its address
 * `/operator/<id>`, the i18n namespace that holds its strings (its menu entry is `nav.title` there), the
 * roles that see it in the menu (all when absent; the server refuses calls anyway) and its page, a lazy
 * chunk of its own so the console's first load stays small.
 */
export interface ConsoleSection {
  id: string;
  namespace: string;
  roles?: readonly OperatorRole[];
  Page: LazyExoticComponent<ComponentType<SectionPageProps>>;
}

/** The console's sections, in menu order: one line each. */
export const sections: readonly ConsoleSection[] = [
  {
    id: 'players',
    namespace: 'ops-players',
    Page: lazy(() => import('./sections/players/players-section')),
  },
  { id: 'content', namespace: 'ops-content', Page: lazy(() => import('./sections/content/content-section')) },
  {
    id: 'catalogue',
    namespace: 'ops-catalogue',
    Page: lazy(() => import('./sections/catalogue/catalogue-section')),
  },
  {
    id: 'audit',
    namespace: 'ops-audit',
    roles: ['owner', 'risk'],
    Page: lazy(() => import('./sections/audit/audit-section')),
  },
  {
    id: 'reports',
    namespace: 'ops-reports',
    roles: ['owner', 'finance', 'risk'],
    Page: lazy(() => import('./sections/reports/reports-section')),
  },
  {
    id: 'responsible-gaming',
    namespace: 'ops-rg',
    roles: ['owner', 'risk', 'support'],
    Page: lazy(() => import('./sections/responsible-gaming/rg-section')),
  },
  {
    id: 'staff',
    namespace: 'ops-staff',
    roles: ['owner'],
    Page: lazy(() => import('./sections/staff/staff-section')),
  },
  {
    id: 'settings',
    namespace: 'ops-settings',
    roles: ['owner', 'finance'],
    Page: lazy(() => import('./sections/settings/settings-section')),
  },
  {
    id: 'merchants',
    namespace: 'ops-merchants',
    roles: ['platform'],
    Page: lazy(() => import('./sections/settings/merchants-section')),
  },
];

/** Whether an operator of `role` sees `section` in the menu. */
export function sectionVisibleTo(section: ConsoleSection, role: OperatorRole): boolean {
  return section.roles === undefined || section.roles.includes(role);
}
