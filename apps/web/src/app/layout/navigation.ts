import type { IconName } from '../../components/ui/icon';

/** Game categories with a page of their own (spec section 2). */
export type GameCategory =
  'LIVE' | 'RNG' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT' | 'COCKFIGHT';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: IconName;
}

const categoryItems: Readonly<Record<GameCategory, NavItem>> = {
  LIVE: { to: '/live', labelKey: 'categories.LIVE', icon: 'cards' },
  RNG: { to: '/rng', labelKey: 'categories.RNG', icon: 'slots' },
  FISH: { to: '/fish', labelKey: 'categories.FISH', icon: 'fish' },
  PVP: { to: '/pvp', labelKey: 'categories.PVP', icon: 'swords' },
  SPORTS: { to: '/sports', labelKey: 'categories.SPORTS', icon: 'ball' },
  ESPORTS: { to: '/esports', labelKey: 'categories.ESPORTS', icon: 'gamepad' },
  LOTT: { to: '/lott', labelKey: 'categories.LOTT', icon: 'ticket' },
  ELOTT: { to: '/elott', labelKey: 'categories.ELOTT', icon: 'ticket' },
  COCKFIGHT: { to: '/cockfight', labelKey: 'categories.COCKFIGHT', icon: 'rooster' },
};

/**
 * Categories that have at least one vendor on this merchant. The games catalogue supplies them; until
 * it exists no category has a vendor, so none is listed.
 */
export const categoriesWithVendors: readonly GameCategory[] = [];

/** Top navigation: home, in-house, each category with a vendor (catalogue order), then promotions. */
export function buildTopNavigation(categories: readonly GameCategory[]): NavItem[] {
  return [
    { to: '/', labelKey: 'nav.home', icon: 'home' },
    { to: '/bgs', labelKey: 'nav.inHouse', icon: 'crown' },
    ...categories.map((category) => categoryItems[category]),
    { to: '/promotions', labelKey: 'nav.promotions', icon: 'gift' },
  ];
}

/** Footer "products": the game sections, without home. */
export function buildProductLinks(categories: readonly GameCategory[]): NavItem[] {
  return [{ to: '/bgs', labelKey: 'nav.inHouse', icon: 'crown' }, ...categories.map((c) => categoryItems[c])];
}
