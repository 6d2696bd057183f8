import type { GameCategory, GameFilter } from '@portal/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api';
import { sessionCachedQuery } from '../../../lib/session-cache';
import { useSession } from '../../../lib/use-session';
import { catalogueStaleMs } from '../menus';
import { lobbyConstants } from '../model/lobby-constants';

export { useGameMenus } from '../menus';

/** Query keys of the games feature; member-specific ones carry the token so a new login re-reads. */
export const gamesQueryKeys = {
  all: ['games'] as const,
  hot: (language: string) => ['games', 'hot', language] as const,
  winners: (language: string) => ['games', 'winners', language] as const,
  list: (params: GameListParams, token: string | null) => ['games', 'list', params, token] as const,
  favourites: (token: string | null) => ['games', 'favourites', token] as const,
  recent: (token: string | null) => ['games', 'recent', token] as const,
};

/** What a game list asks for. */
export interface GameListParams {
  gameType?: GameCategory;
  vassalage?: string;
  filter: GameFilter;
  /** Search by name (1-50 characters), or undefined. */
  name?: string;
  pageSize: number;
}

/** The hot games (merchantCode, isPlatform 2, platform, language); kept for the session. */
export function useHotGames() {
  const api = useApiClient();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const merchantCode = useSession().merchantCode ?? undefined;
  return useQuery({
    queryKey: gamesQueryKeys.hot(language),
    staleTime: catalogueStaleMs,
    ...sessionCachedQuery('hotGames', language, (signal) =>
      api('gameHot', { query: { merchantCode, isPlatform: 2, platform: 'WEB', language }, signal }),
    ),
  });
}

/** The winner board (gameCategory ALL, limitNum 20, language); the 9 biggest are shown. */
export function useWinnerBoard(options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: gamesQueryKeys.winners(language),
    queryFn: ({ signal }) =>
      api('gameWinners', {
        query: { gameCategory: 'ALL', limitNum: lobbyConstants.winnerLimit, language },
        signal,
      }),
    enabled: options.enabled ?? true,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** One game list page (clientType 3, platform, merchant, gameType, vassalage, pageNo 1). */
export function useGameList(params: GameListParams, options: { enabled?: boolean } = {}) {
  const api = useApiClient();
  const { i18n } = useTranslation();
  const session = useSession();
  const needsSession = params.filter === 'FAV' || params.filter === 'RECENT';
  return useQuery({
    queryKey: gamesQueryKeys.list(params, session.token),
    queryFn: ({ signal }) =>
      api('gameList', {
        query: {
          clientType: 3,
          platform: 'WEB',
          merchant: session.merchantCode ?? undefined,
          gameType: params.gameType,
          vassalage: params.vassalage,
          filter: params.filter,
          name: params.name,
          pageNo: 1,
          pageSize: params.pageSize,
          language: i18n.language,
        },
        signal,
      }),
    enabled: (options.enabled ?? true) && (!needsSession || session.token !== null),
    staleTime: needsSession ? 0 : catalogueStaleMs,
    // A new filter or search keeps the current cards until its answer arrives, instead of blinking.
    placeholderData: keepPreviousData,
  });
}

/** The member's favourites (pageSize 999), or idle for visitors. */
export function useFavourites(gameType?: GameCategory) {
  const api = useApiClient();
  const token = useSession().token;
  return useQuery({
    queryKey: [...gamesQueryKeys.favourites(token), gameType ?? 'ALL'],
    queryFn: ({ signal }) =>
      api('gameFavourites', {
        query: { gameType, pageNo: 1, pageSize: lobbyConstants.favouritesPageSize },
        signal,
      }),
    enabled: token !== null,
  });
}

/** The member's recent plays (page 1, size 20), newest first. */
export function useRecentGames() {
  const api = useApiClient();
  const token = useSession().token;
  return useQuery({
    queryKey: gamesQueryKeys.recent(token),
    queryFn: ({ signal }) =>
      api('gameRecent', { query: { pageNo: 1, pageSize: lobbyConstants.recentPageSize }, signal }),
    enabled: token !== null,
    staleTime: 0,
  });
}
