import type { Game } from '@portal/contracts';
import { createContext, useContext } from 'react';
import type { LaunchTarget } from './launch-target';

/** What game items, vendor tiles and the header menu ask of the nearest GamesProvider. */
export interface GamesActions {
  /** Opens a vendor's popup list (isGame VASSALAGE) or launches into the game popup. */
  launch: (target: LaunchTarget) => void;
  /** The target being launched, for a busy play button. */
  launchingKey: string | null;
  isFavourite: (gameId: number) => boolean;
  /** Shown at once, then sent; at most once a second per game; rolled back with a message if refused. */
  toggleFavourite: (game: Game) => void;
  /** Whether favourites can be used (a session exists); visitors get the login popup instead. */
  signedIn: boolean;
  /** Opens the login popup (visitor) or the trial notice; true when a real account is signed in. */
  requireAccount: () => boolean;
}

export const GamesContext = createContext<GamesActions | null>(null);

/** The actions of the nearest GamesProvider. */
export function useGames(): GamesActions {
  const context = useContext(GamesContext);
  if (!context) throw new Error('useGames needs a GamesProvider');
  return context;
}

/** A stable key per launch target, for busy states. */
export function targetKey(target: LaunchTarget): string {
  return target.kind === 'game' ? `game:${target.game.gameId}` : `vendor:${target.vendor.vassalage}`;
}
