import type { Game, LaunchGameBody, MenuVendor } from '@portal/contracts';

/** What a play button or vendor tile launches: one game, or a vendor (its lobby). */
export type LaunchTarget =
  { kind: 'game'; game: Game } | { kind: 'vendor'; vendor: MenuVendor; gameCode?: string };

/** The launchGame body of a target. */
export function launchBody(target: LaunchTarget, language: string): LaunchGameBody {
  if (target.kind === 'game') return { gameId: target.game.gameId, platform: 'WEB', language };
  return { vassalage: target.vendor.vassalage, gameCode: target.gameCode, platform: 'WEB', language };
}

/** The title the game popup shows for a target. */
export function launchTitle(target: LaunchTarget): string {
  return target.kind === 'game' ? target.game.displayName : target.vendor.displayName;
}
