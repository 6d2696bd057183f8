import type { DownlinePage } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { searchWith } from '../model/use-page-search';

/**
 * Where a drill-down stands: from the caller (first) down to the agent whose team shows (last, the
 * current page). Each step up is a link, so the address and Back agree.
 */
export function TeamBreadcrumbs({ path, search }: { path: DownlinePage['path']; search: URLSearchParams }) {
  const { t } = useTranslation('agent');
  if (path.length === 0) return null;
  const drillReset = { account: null, type: null, status: null, level: null, pageNo: null };
  return (
    <nav className="agent-breadcrumbs" aria-label={t('agent.downlines.path')}>
      <ol>
        {path.map((step, index) => {
          const last = index === path.length - 1;
          const target = searchWith(search, { ...drillReset, parentId: index === 0 ? null : step.id });
          const name = index === 0 ? t('agent.downlines.myTeam', { account: step.account }) : step.account;
          return (
            <li key={step.id}>
              {last ? <span aria-current="page">{name}</span> : <Link to={{ search: target }}>{name}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
