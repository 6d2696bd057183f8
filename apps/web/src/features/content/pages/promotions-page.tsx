import type { Announcement } from '@portal/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { SkeletonLines } from '../../../components/ui/skeleton';
import { errorMessageKey } from '../../../lib/api';
import { useAnnouncement, useAnnouncementPage } from '../api/content-queries';
import { ContentDialog } from '../components/content-dialog';
import { RichContent } from '../../../components/ui/rich-content';
import { htmlLangOf } from '../../../i18n/languages';
import '../content.css';

/**
 * Renders the activity attached to a promotion (its status and button, or a login button) in a list card
 * or in the open promotion; the app layer passes it in, since features do not import each other.
 */
export type PromotionActivitySlot = (promotionId: string, place: 'card' | 'detail') => ReactNode;

function PromotionCard({
  promotion,
  activitySlot,
}: {
  promotion: Announcement;
  activitySlot: PromotionActivitySlot | undefined;
}) {
  const { t, i18n } = useTranslation('content');
  const cover = promotion.announcementImages[0];
  return (
    <li id={`promotion-${promotion.id}`} className="promotion-card">
      {cover ? <img src={cover.url} alt="" className="promotion-card__image" loading="lazy" /> : null}
      <div className="promotion-card__body">
        <h2 className="promotion-card__title">{promotion.title}</h2>
        {promotion.endsAt ? (
          <p className="promotion-card__until">
            {t('promotions.until', {
              date: new Date(promotion.endsAt).toLocaleDateString(htmlLangOf(i18n.language)),
            })}
          </p>
        ) : null}
        {activitySlot?.(promotion.id, 'card')}
        <Link className="button button--secondary" to={{ hash: promotion.id }}>
          {t('promotions.details')}
        </Link>
      </div>
    </li>
  );
}

/** The promotion a #id names, over the list; the address is the state, so back closes it. */
function PromotionDialog({
  id,
  activitySlot,
}: {
  id: string;
  activitySlot: PromotionActivitySlot | undefined;
}) {
  const { t } = useTranslation('content');
  const navigate = useNavigate();
  const promotion = useAnnouncement(id);
  const close = () => void navigate({ hash: '' }, { replace: true });
  return (
    <ContentDialog
      title={promotion.data?.title ?? t('promotions.title')}
      icon="gift"
      onClose={close}
      size="large"
    >
      {promotion.isPending ? (
        <SkeletonLines count={5} />
      ) : promotion.isError ? (
        <ErrorState message={t(errorMessageKey(promotion.error))} />
      ) : (
        <article className="promotion-detail">
          {activitySlot ? (
            <div className="promotion-detail__activity">{activitySlot(promotion.data.id, 'detail')}</div>
          ) : null}
          {promotion.data.announcementImages.map((image) => (
            <img key={image.sequence} src={image.url} alt="" className="promotion-detail__image" />
          ))}
          <RichContent html={promotion.data.content} />
        </article>
      )}
    </ContentDialog>
  );
}

/**
 * /promotions: live promotions (PR), 9 per page; /promotions#<id> opens that promotion. Each shows its
 * activity through `activitySlot` when the app layer gives one.
 */
export function PromotionsPage({ activitySlot }: { activitySlot?: PromotionActivitySlot }) {
  const { t } = useTranslation('content');
  const location = useLocation();
  const [pageNo, setPageNo] = useState(1);
  const page = useAnnouncementPage('PR', pageNo);
  const openId = /^#\d{1,18}$/.test(location.hash) ? location.hash.slice(1) : null;

  useEffect(() => {
    if (openId) document.getElementById(`promotion-${openId}`)?.scrollIntoView({ block: 'center' });
  }, [openId, page.data]);

  return (
    <div className="page promotions-page">
      <header className="page__header">
        <h1 className="page__title">{t('promotions.title')}</h1>
        <p className="page__lead">{t('promotions.lead')}</p>
      </header>
      {page.isPending ? (
        <SkeletonLines count={6} />
      ) : page.isError ? (
        <ErrorState message={t(errorMessageKey(page.error))} onRetry={() => void page.refetch()} />
      ) : page.data.items.length === 0 ? (
        <EmptyState icon="gift" title={t('promotions.emptyTitle')} text={t('promotions.emptyText')}>
          <Link className="button button--secondary" to="/">
            {t('common.backHome')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <ul className="promotion-grid">
            {page.data.items.map((promotion) => (
              <PromotionCard key={promotion.id} promotion={promotion} activitySlot={activitySlot} />
            ))}
          </ul>
          <Pager page={pageNo} totalPages={page.data.totalPages} onPage={setPageNo} />
        </>
      )}
      {openId ? <PromotionDialog id={openId} activitySlot={activitySlot} /> : null}
    </div>
  );
}
