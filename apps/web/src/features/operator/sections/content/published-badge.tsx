import { useTranslation } from 'react-i18next';

/** Whether players can see an item (inside its window), in words, never colour alone. */
export function PublishedBadge({ published }: { published: boolean }) {
  const { t } = useTranslation('ops-content');
  const status = published ? 'published' : 'unpublished';
  return (
    <span className="operator-status">
      <span className={`operator-status__badge operator-status__badge--${status}`}>
        {t(`status.${status}`)}
      </span>
    </span>
  );
}
