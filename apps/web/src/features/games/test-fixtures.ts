import type { Game, GameMenus, GamePage, MenuVendor, WinnerEntry } from '@portal/contracts';

/** A catalogue game as the server lists it. */
export function buildGame(overrides: Partial<Game> = {}): Game {
  const gameId = overrides.gameId ?? 1;
  return {
    gameId,
    nodeId: gameId,
    gameCode: `game-${gameId}`,
    displayName: `Game ${gameId}`,
    gameName: `Game ${gameId}`,
    vassalage: 'BGS',
    gameType: 'RNG',
    isGame: 'GAME',
    isHot: 0,
    isNew: false,
    iconUrl: `/media/games/game-${gameId}.svg`,
    lagerIcon: `/media/games/game-${gameId}.svg`,
    maintenance: false,
    ...overrides,
  };
}

/** A page of games. */
export function buildPage(content: Game[], total = content.length): GamePage {
  return { content, pageNum: 1, pageSize: 100, total, totalPages: total === 0 ? 0 : 1 };
}

/** A vendor of the games menu. */
export function buildVendor(overrides: Partial<MenuVendor> = {}): MenuVendor {
  return {
    vassalage: 'BGS',
    displayName: 'In-house',
    iconUrl: '/media/vendors/BGS.svg',
    gameCount: 3,
    showStart: true,
    maintenance: false,
    maintenanceMessage: null,
    ...overrides,
  };
}

/** A games menu with the given vendors per category. */
export function buildMenus(menus: GameMenus['menus']): GameMenus {
  return { menus };
}

/** A winner board entry. */
export function buildWinner(overrides: Partial<WinnerEntry> = {}): WinnerEntry {
  return {
    customerName: 'pl***1',
    winAmount: '100.00',
    gameName: 'Lucky Slot',
    iconUrl: '/media/games/bgs-slot.svg',
    vassalage: 'BGS',
    gameCode: 'bgs-slot',
    wonAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}
