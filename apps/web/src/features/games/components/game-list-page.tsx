import type { GameCategory, GameFilter, GameListLayout } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { useGameList, useGameMenus } from '../api/games-queries';
import { useGames } from '../model/games-context';
import { lobbyConstants } from '../model/lobby-constants';
import {
  filterNeedsSession,
  gameFilters,
  normaliseSearch,
  parseFilter,
  parseVassalage,
} from '../model/list-filters';
import { ChipRow } from './chip-row';
import { GameGrid } from './game-grid';
import { SearchBox } from './search-box';

const allVendors = 'ALL_VENDORS';

/** Vendor tabs of a category from the games menu: "all vendors", then each vendor in menu order. */
function useVendorTabs(category: GameCategory) {
  const { t } = useTranslation('games');
  const menus = useGameMenus();
  const vendors = menus.data?.menus.find((menu) => menu.gameType === category)?.vendors ?? [];
  return [
    { value: allVendors, label: t('list.allVendors') },
    ...vendors.map((vendor) => ({ value: vendor.vassalage, label: vendor.displayName })),
  ];
}

/**
 * /live, /fish, /rng, /pvp and /bgs: vendor tabs, the filters NEW, FAV, ALL, HOT, RECENT and search by
 * name, kept in the address (?vassalage=&filter=&name=) so a list can be shared and reloaded. The
 * list shows 12 games and "more" adds 12 at a time.
 */
export function GameListPage({
  category,
  title,
  layout = 'grid',
}: {
  category: GameCategory;
  title: string;
  /** The merchant's game-list layout (white-label gameListLayout). */
  layout?: GameListLayout;
}) {
  const { t } = useTranslation('games');
  const games = useGames();
  const [search, setSearch] = useSearchParams();
  const vassalage = parseVassalage(search.get('vassalage'));
  const filter = parseFilter(search.get('filter'));
  const name = normaliseSearch(search.get('name'));
  const [shown, setShown] = useState<number>(lobbyConstants.listTruncateAt);
  const vendorTabs = useVendorTabs(category);
  const blocked = filterNeedsSession(filter) && !games.signedIn;
  const list = useGameList(
    { gameType: category, vassalage, filter, name, pageSize: lobbyConstants.listPageSize },
    { enabled: !blocked },
  );

  const update = (changes: Record<string, string | undefined>) => {
    setShown(lobbyConstants.listTruncateAt);
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value.length === 0) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  const content = list.data?.content;
  const visible = content?.slice(0, shown);
  return (
    <div className="page game-list-page">
      <header className="page__header game-list-page__header">
        <h1 className="page__title">{title}</h1>
        <SearchBox value={name ?? ''} onSearch={(term) => update({ name: normaliseSearch(term) })} />
      </header>
      <div className="game-list-page__controls">
        <ChipRow
          label={t('list.vendors')}
          options={vendorTabs}
          value={vassalage ?? allVendors}
          onChange={(value) => update({ vassalage: value === allVendors ? undefined : value })}
        />
        <ChipRow<GameFilter>
          label={t('list.filters')}
          options={gameFilters.map((value) => ({ value, label: t(`filters.${value}`) }))}
          value={filter}
          onChange={(value) => update({ filter: value === 'ALL' ? undefined : value })}
        />
      </div>
      {blocked ? (
        <EmptyState icon="lock" title={t('list.loginTitle')} text={t('list.loginText')}>
          <button type="button" className="button button--primary" onClick={() => games.requireAccount()}>
            {t('list.loginAction')}
          </button>
        </EmptyState>
      ) : (
        <>
          <GameGrid
            games={visible}
            isLoading={list.isLoading}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            eagerCount={6}
            layout={layout}
          />
          {content && content.length > shown ? (
            <div className="game-list-page__more">
              <button
                type="button"
                className="button button--secondary"
                onClick={() => setShown((count) => count + lobbyConstants.listTruncateAt)}
              >
                {t('list.more', { shown: visible?.length ?? 0, total: list.data?.total ?? content.length })}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
