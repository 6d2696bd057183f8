import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { SectionPageProps } from '../../sections';
import { contentKindIds, type ContentKindId } from './content-kind';
import { ContentList } from './content-list';
import { contentKinds } from './kinds';
import './content.css';

function kindOf(rest: string): ContentKindId | null {
  const first = rest.split('/')[0] ?? '';
  if (first === '') return 'announcements';
  return contentKindIds.find((id) => id === first) ?? null;
}

/** One kind's list, keyed so a switch starts from its own filters (each kind has its own row type). */
function KindList({ id, account }: { id: ContentKindId; account: SectionPageProps['account'] }) {
  switch (id) {
    case 'announcements':
      return <ContentList key={id} kind={contentKinds.announcements} role={account.role} />;
    case 'banners':
      return <ContentList key={id} kind={contentKinds.banners} role={account.role} />;
    case 'help':
      return <ContentList key={id} kind={contentKinds.help} role={account.role} />;
    case 'messages':
      return <ContentList key={id} kind={contentKinds.messages} role={account.role} />;
    case 'service':
      return <ContentList key={id} kind={contentKinds.service} role={account.role} />;
    case 'resources':
      return <ContentList key={id} kind={contentKinds.resources} role={account.role} />;
  }
}

/**
 * The console's content section (issue 16) at /operator/content/<kind>: announcements (with promotions
 * and popups), banners, help articles, messages to players, customer service and resources, on the
 * /ops content and message calls. Its own lazy chunk and namespace (ops-content).
 */
export default function ContentSection({ account, rest }: SectionPageProps) {
  const { t } = useTranslation('ops-content');
  const kind = kindOf(rest);
  return (
    <div className="ops-content">
      <h1>{t('nav.title')}</h1>
      <nav aria-label={t('tabs.label')}>
        <ul className="ops-tabs">
          {contentKindIds.map((id) => (
            <li key={id}>
              <NavLink
                to={`/operator/content/${id}`}
                className={({ isActive }) =>
                  `ops-tabs__tab${isActive || (id === kind && rest === '') ? ' ops-tabs__tab--active' : ''}`
                }
                aria-current={id === kind ? 'page' : undefined}
              >
                {t(`kinds.${id}.title`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {kind ? <KindList id={kind} account={account} /> : <p role="alert">{t('tabs.unknown')}</p>}
    </div>
  );
}
