import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useAnnouncementPage } from '../api/content-queries';
import { ContentDialog } from '../components/content-dialog';
import { RichContent } from '../../../components/ui/rich-content';

/** The notice list modal: every visible announcement, 9 per page (spec section 9), each expandable. */
export function NoticeListDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('content');
  const [pageNo, setPageNo] = useState(1);
  const page = useAnnouncementPage(undefined, pageNo);
  return (
    <ContentDialog title={t('notices.title')} icon="info" onClose={onClose} size="large">
      {page.isPending ? (
        <SkeletonLines count={6} />
      ) : page.isError ? (
        <ErrorState message={t(errorMessageKey(page.error))} onRetry={() => void page.refetch()} />
      ) : page.data.items.length === 0 ? (
        <EmptyState icon="info" title={t('notices.none')} />
      ) : (
        <>
          <ul className="notice-list">
            {page.data.items.map((item) => (
              <li key={item.id}>
                <details className="notice-list__item">
                  <summary>
                    <span className="notice-list__type">{t(`types.${item.contentType}`)}</span>
                    {item.title}
                  </summary>
                  <RichContent html={item.content} />
                </details>
              </li>
            ))}
          </ul>
          <Pager page={pageNo} totalPages={page.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </ContentDialog>
  );
}
