import type { GameCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useGameMenus } from '../api/games-queries';
import { VendorTile } from './vendor-tile';

/** /sports, /esports, /lott, /elott, /cockfight: the category's vendors as tiles that launch them. */
export function GameCentrePage({ category, title }: { category: GameCategory; title: string }) {
  const { t } = useTranslation('games');
  const menus = useGameMenus();
  const vendors = menus.data?.menus.find((menu) => menu.gameType === category)?.vendors;
  let body;
  if (menus.isLoading && !menus.data) {
    body = (
      <div className="vendor-tiles" role="status" aria-label={t('list.loading')}>
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="vendor-tile vendor-tile--skeleton" />
        ))}
      </div>
    );
  } else if (menus.isError && !menus.data) {
    body = <ErrorState message={t('list.error')} onRetry={() => void menus.refetch()} />;
  } else if (!vendors || vendors.length === 0) {
    body = <EmptyState icon="compass" title={t('centre.emptyTitle')} text={t('centre.emptyText')} />;
  } else {
    body = (
      <ul className="vendor-tiles" aria-label={t('centre.vendors')}>
        {vendors.map((vendor) => (
          <li key={vendor.vassalage}>
            <VendorTile vendor={vendor} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="page game-centre-page">
      <header className="page__header">
        <h1 className="page__title">{title}</h1>
        <p className="page__lead">{t('centre.lead')}</p>
      </header>
      {body}
    </div>
  );
}
