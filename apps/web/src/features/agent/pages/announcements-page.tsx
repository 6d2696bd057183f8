import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/ui/pager';
import { RichContent } from '../../../components/ui/rich-content';
import { useAgentAnnouncements } from '../api/agent-queries';
import { useErrorText } from '../components/error-text';
import { QueryState, ResultCount } from '../components/query-state';
import { formatTime } from '../model/format';
import { positiveInt, usePageSearch } from '../model/use-page-search';
import '../agent-pages.css';

// The announcement list's own paging (contracts: announcementPageSize).
const announcementPageSize = 9;

/** agentAnnouncement: the announcements for agents, newest first, each opened in place. */
export function AnnouncementsPage() {
  const { t, i18n } = useTranslation('agent');
  const errorText = useErrorText();
  const { search, update } = usePageSearch();
  const pageNo = positiveInt(search.get('pageNo'), 1, 1000);
  const announcements = useAgentAnnouncements({ pageNo, pageSize: announcementPageSize });
  return (
    <div className="agent-page">
      <ResultCount total={announcements.data?.total} />
      <QueryState
        query={announcements}
        errorText={errorText}
        isEmpty={(data) => data.items.length === 0}
        empty={{ icon: 'info', title: t('agent.announcements.empty') }}
      >
        {(data) => (
          <>
            <ul className="agent-announcements">
              {data.items.map((item, index) => (
                <li key={item.id}>
                  {/* The newest opens by itself; the others on demand. */}
                  <details className="agent-announcements__item" open={pageNo === 1 && index === 0}>
                    <summary>
                      <span className="agent-announcements__title">{item.title}</span>
                      {item.startsAt ? (
                        <time className="agent-announcements__time" dateTime={item.startsAt}>
                          {formatTime(item.startsAt, i18n.language)}
                        </time>
                      ) : null}
                    </summary>
                    <RichContent html={item.content} />
                  </details>
                </li>
              ))}
            </ul>
            <Pager
              page={data.pageNo}
              totalPages={data.totalPages}
              onPage={(next) => update({ pageNo: next })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

export default AnnouncementsPage;
