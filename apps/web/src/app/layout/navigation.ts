import type { IconName } from '../../components/ui/icon';

/** Game categories with a page of their own (spec section 2). */
export type GameCategory =
  'LIVE' | 'RNG' | 'FISH' | 'PVP' | 'SPORTS' | 'ESPORTS' | 'LOTT' | 'ELOTT' | 'COCKFIGHT';

export interface NavItem {
  to: string;
  labelKey: string;
  icon: IconName;
  /** The game category of the link; the header adds its vendor drop-down. */
  category?: GameCategory;
}

const categoryItems: Readonly<Record<GameCategory, NavItem>> = {
  LIVE: { to: '/live', labelKey: 'categories.LIVE', icon: 'cards', category: 'LIVE' },
  RNG: { to: '/rng', labelKey: 'categories.RNG', icon: 'slots', category: 'RNG' },
  FISH: { to: '/fish', labelKey: 'categories.FISH', icon: 'fish', category: 'FISH' },
  PVP: { to: '/pvp', labelKey: 'categories.PVP', icon: 'swords', category: 'PVP' },
  SPORTS: { to: '/sports', labelKey: 'categories.SPORTS', icon: 'ball', category: 'SPORTS' },
  ESPORTS: { to: '/esports', labelKey: 'categories.ESPORTS', icon: 'gamepad', category: 'ESPORTS' },
  LOTT: { to: '/lott', labelKey: 'categories.LOTT', icon: 'ticket', category: 'LOTT' },
  ELOTT: { to: '/elott', labelKey: 'categories.ELOTT', icon: 'ticket', category: 'ELOTT' },
  COCKFIGHT: { to: '/cockfight', labelKey: 'categories.COCKFIGHT', icon: 'rooster', category: 'COCKFIGHT' },
};

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
