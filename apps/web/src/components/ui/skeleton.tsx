import { useTranslation } from 'react-i18next';

/** A shimmering placeholder block, sized by the caller's class. */
export function Skeleton({ className }: { className?: string }) {
  return <span className={className ? `skeleton ${className}` : 'skeleton'} aria-hidden="true" />;
}

/** A list of placeholder lines, announced once as loading. */
export function SkeletonLines({ count = 3, className }: { count?: number; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={className} role="status" aria-label={t('common.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} className="skeleton--line" />
      ))}
    </div>
  );
}
