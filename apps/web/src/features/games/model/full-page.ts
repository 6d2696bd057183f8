import type { LaunchGameBody } from '@portal/contracts';
import type { LaunchTarget } from './launch-target';

/** What the game popup hands the full-page view, so it shows the same game session without relaunching. */
export interface FullPageState {
  url: string;
  title: string;
}

/** /seamless's address for a launch target: the catalogue game, or a vendor's lobby (and game code). */
export function fullPageHref(target: LaunchTarget): string {
  const params = new URLSearchParams();
  if (target.kind === 'game') params.set('gameId', String(target.game.gameId));
  else {
    params.set('vassalage', target.vendor.vassalage);
    if (target.gameCode) params.set('gameCode', target.gameCode);
  }
  return `/seamless?${params.toString()}`;
}

/** The launchGame body /seamless's address asks for, or null when it names no game. */
export function launchBodyOfSearch(search: URLSearchParams, language: string): LaunchGameBody | null {
  const gameId = Number(search.get('gameId'));
  if (Number.isInteger(gameId) && gameId > 0) return { gameId, platform: 'WEB', language };
  const vassalage = search.get('vassalage');
  if (vassalage && /^[A-Z0-9_]{2,32}$/.test(vassalage)) {
    const gameCode = search.get('gameCode');
    return { vassalage, ...(gameCode ? { gameCode } : {}), platform: 'WEB', language };
  }
  return null;
}

/** The popup's hand-over when the history entry carries one. */
export function fullPageStateOf(state: unknown): FullPageState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { url, title } = state as Partial<FullPageState>;
  return typeof url === 'string' && typeof title === 'string' ? { url, title } : null;
}
