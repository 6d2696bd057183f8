import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../lib/api';
import { sessionCachedQuery } from '../../lib/session-cache';

// The light entry the layout imports for its navigation categories. It stays free of the rest of the
// feature (constants, other queries) because the layout is part of every page's first load.

/** Catalogue reads change rarely; a few minutes keeps navigation instant. */
export const catalogueStaleMs = 5 * 60_000;

/** Query key of the games menu in a language. */
export function gameMenusKey(language: string) {
  return ['games', 'menus', language] as const;
}

/** `/lgw/games/game_menus`: the categories with vendors; kept for the session as gameVendor. */
export function useGameMenus() {
  const api = useApiClient();
  const language = useTranslation().i18n.language;
  return useQuery({
    queryKey: gameMenusKey(language),
    staleTime: catalogueStaleMs,
    ...sessionCachedQuery('gameVendor', language, (signal) =>
      api('gameMenus', { query: { language }, signal }),
    ),
  });
}
