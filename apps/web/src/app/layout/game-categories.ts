import { useMemo } from 'react';
import { useGameMenus } from '../../features/games/menus';
import type { GameCategory } from './navigation';

const navigationCategories: readonly string[] = [
  'LIVE',
  'RNG',
  'FISH',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
] satisfies readonly GameCategory[];

function isNavigationCategory(value: string): value is GameCategory {
  return navigationCategories.includes(value);
}

/**
 * The categories with at least one vendor, in the games menu's order (in-house BGS has its own link).
 * The menu is kept for the session (gameVendor), so after the first page the navigation is complete at
 * once.
 */
export function useGameCategories(): readonly GameCategory[] {
  const menus = useGameMenus();
  return useMemo(
    () =>
      (menus.data?.menus ?? [])
        .filter((menu) => menu.vendors.length > 0)
        .map((menu) => menu.gameType)
        .filter(isNavigationCategory),
    [menus.data],
  );
}
