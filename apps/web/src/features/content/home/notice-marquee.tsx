import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import { useNotices } from '../api/content-queries';

/**
 * The home marquee of player notices (PL): their titles scroll in one line (still under reduced
 * motion); the button opens the notice list. Errors hide the strip: notices are never worth an alarm.
 */
export function NoticeMarquee({ onOpenList }: { onOpenList: () => void }) {
  const { t } = useTranslation('content');
  const notices = useNotices();
  const titles = notices.data?.map((notice) => notice.title) ?? [];
  return (
    <section className="notice-marquee" aria-label={t('notices.label')}>
      <Icon name="info" size={18} />
      <div className="notice-marquee__viewport">
        {notices.isPending ? (
          <span className="skeleton notice-marquee__skeleton" aria-hidden="true" />
        ) : titles.length === 0 ? (
          <span className="notice-marquee__empty">{t('notices.none')}</span>
        ) : (
          <p className="notice-marquee__track" aria-live="off">
            {titles.map((title, index) => (
              <span key={index} className="notice-marquee__item">
                {title}
              </span>
            ))}
          </p>
        )}
      </div>
      <button type="button" className="button button--ghost notice-marquee__more" onClick={onOpenList}>
        {t('notices.all')}
      </button>
    </section>
  );
}
