import type { GameCategory } from '@portal/contracts';

/** How a games route shows its category: a game list, a centre of vendor tiles, or a member list. */
export type GamesView =
  | { kind: 'list'; category: GameCategory }
  | { kind: 'centre'; category: GameCategory }
  | { kind: 'favorite' }
  | { kind: 'recent' };

/** Each games route of spec section 2 and what it shows. */
export const gamesViews: Readonly<Record<string, GamesView>> = {
  '/bgs': { kind: 'list', category: 'BGS' },
  '/live': { kind: 'list', category: 'LIVE' },
  '/fish': { kind: 'list', category: 'FISH' },
  '/rng': { kind: 'list', category: 'RNG' },
  '/pvp': { kind: 'list', category: 'PVP' },
  '/sports': { kind: 'centre', category: 'SPORTS' },
  '/esports': { kind: 'centre', category: 'ESPORTS' },
  '/lott': { kind: 'centre', category: 'LOTT' },
  '/elott': { kind: 'centre', category: 'ELOTT' },
  '/cockfight': { kind: 'centre', category: 'COCKFIGHT' },
  '/favorite': { kind: 'favorite' },
  '/recent': { kind: 'recent' },
};

/** The page of a category (where its nav link and "more" lead). */
export function categoryPath(category: GameCategory): string {
  return `/${category.toLowerCase()}`;
}

/** Whether a category's page is a game list (vendor menu entries filter it) rather than vendor tiles. */
export function isListCategory(category: GameCategory): boolean {
  return gamesViews[categoryPath(category)]?.kind === 'list';
}

/** Above this many games a vendor makes the header menu use its large layout (spec section 2). */
export const largeMenuGameCount = 10;
