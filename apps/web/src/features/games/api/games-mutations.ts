import type { Game, GamePage } from '@portal/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useApiClient, type ApiCall } from '../../../lib/api';
import { useSession } from '../../../lib/use-session';
import { lobbyConstants } from '../model/lobby-constants';
import { KeyedThrottle } from '../model/throttle';
import { gamesQueryKeys, useFavourites } from './games-queries';

/** Every cached favourites list of this member (one per gameType filter). */
function favouriteQueries(queryClient: QueryClient, token: string | null) {
  return queryClient.getQueriesData<GamePage>({ queryKey: gamesQueryKeys.favourites(token) });
}

/** Adds or removes a game in every cached favourites list (the optimistic step and its rollback). */
function applyFavourite(
  queryClient: QueryClient,
  token: string | null,
  game: Game,
  favourite: boolean,
): void {
  for (const [key, page] of favouriteQueries(queryClient, token)) {
    if (!page) continue;
    const others = page.content.filter((item) => item.gameId !== game.gameId);
    const filterType = key[3];
    const belongs = filterType === 'ALL' || filterType === game.gameType;
    const content = favourite && belongs ? [game, ...others] : others;
    queryClient.setQueryData<GamePage>(key, { ...page, content, total: content.length });
  }
}

/**
 * The favourite state the lists show: the server's favourites plus the toggles not yet confirmed.
 * Toggles go to the server at most once a second per game; a refused one is rolled back and reported.
 */
export function useFavouriteToggle(onRefused: (game: Game, error: unknown) => void) {
  const api: ApiCall = useApiClient();
  const queryClient = useQueryClient();
  const token = useSession().token;
  const favourites = useFavourites();
  const throttleRef = useRef(new KeyedThrottle<number>(lobbyConstants.favouriteThrottleMs));
  // Optimistic answers by game id: shown until the server's list is re-read.
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());

  const serverSet = new Set(favourites.data?.content.map((game) => game.gameId) ?? []);
  const isFavourite = (gameId: number) => pending.get(gameId) ?? serverSet.has(gameId);

  const setPendingFor = useCallback((gameId: number, value: boolean | null) => {
    setPending((previous) => {
      const next = new Map(previous);
      if (value === null) next.delete(gameId);
      else next.set(gameId, value);
      return next;
    });
  }, []);

  const toggle = (game: Game) => {
    if (token === null || !throttleRef.current.tryTake(game.gameId)) return;
    const wanted = !isFavourite(game.gameId);
    setPendingFor(game.gameId, wanted);
    applyFavourite(queryClient, token, game, wanted);
    const call = wanted
      ? api('gameFavouriteAdd', { body: { gameId: game.gameId } })
      : api('gameFavouriteRemove', { query: { gameId: game.gameId } });
    call.then(
      () => {
        setPendingFor(game.gameId, null);
        void queryClient.invalidateQueries({ queryKey: gamesQueryKeys.favourites(token) });
        void queryClient.invalidateQueries({ queryKey: ['games', 'list'] });
      },
      (error: unknown) => {
        applyFavourite(queryClient, token, game, !wanted);
        setPendingFor(game.gameId, null);
        onRefused(game, error);
      },
    );
  };

  return { isFavourite, toggle, signedIn: token !== null };
}
