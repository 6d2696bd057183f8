import type { Kysely } from 'kysely';
import { recentPlaysKept, type LaunchedGame } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { gameSessionTtlMs, openGameSession } from '../seamless';
import type { MerchantConfig } from '../system';
import { vendorAdapterOf, VendorNotLaunchableError } from '../vendors';
import type { CatalogueGame, MerchantCatalogue } from './game-catalogue';
import { gameOf } from './games.service';
import * as repo from './games.repo';

export interface LaunchInput {
  gameId?: number | undefined;
  vassalage?: string | undefined;
  gameCode?: string | undefined;
  language?: string | undefined;
}

/**
 * The game a launch names: by id; or a vendor tile (vassalage, optionally with a game code), which opens
 * the vendor's lobby entry (isGame VASSALAGE) when it has one, else its first game.
 */
function launchTarget(catalogue: MerchantCatalogue, input: LaunchInput): CatalogueGame {
  if (input.gameId !== undefined) return gameOf(catalogue, input.gameId);
  const vendorCode = input.vassalage ?? '';
  if (input.gameCode !== undefined) {
    const entry = catalogue.byVendorGame.get(`${vendorCode}/${input.gameCode}`);
    if (!entry) throw new AppError('not_found', 'No such game');
    return entry;
  }
  const games = catalogue.games.filter((entry) => entry.game.vassalage === vendorCode);
  const entry = games.find((candidate) => candidate.game.isGame === 'VASSALAGE') ?? games[0];
  if (!entry) throw new AppError('not_found', 'No such vendor');
  return entry;
}

/**
 * `POST /wps/game/launchGame` (the guard has refused visitors and trial accounts): the vendor must not
 * be under maintenance (503 game_maintenance with its message); a game session is opened for the vendor,
 * the play is recorded among the member's recent games, and the vendor's adapter makes the address.
 */
export async function launchGame(
  db: Kysely<DB>,
  merchant: MerchantConfig,
  catalogue: MerchantCatalogue,
  memberId: number,
  input: LaunchInput,
): Promise<LaunchedGame> {
  const entry = launchTarget(catalogue, input);
  const { vendor, game } = entry;
  if (vendor.maintenance) {
    throw new AppError(
      'game_maintenance',
      vendor.maintenanceMessage ?? `${vendor.displayName} is under maintenance`,
      { vassalage: vendor.code, maintenanceMessage: vendor.maintenanceMessage },
    );
  }
  const adapter = vendorAdapterOf(
    { code: vendor.code, launchKind: vendor.launchKind, launchUrl: vendor.launchUrl },
    { timeoutMs: 5_000 },
  );
  const sessionToken = await openGameSession(db, {
    merchantId: merchant.id,
    memberId,
    vendorCode: vendor.code,
  });
  let url: string;
  try {
    url = adapter.launch({
      gameCode: game.gameCode,
      sessionToken,
      merchantCode: merchant.code,
      playerId: String(memberId),
      currency: merchant.currency.code,
      language: input.language ?? merchant.defaultLanguage,
    });
  } catch (error) {
    if (error instanceof VendorNotLaunchableError) {
      throw new AppError('vendor_unavailable', `${vendor.displayName} cannot be launched now`);
    }
    throw error;
  }
  await repo.recordRecentPlay(db, memberId, game.gameId, recentPlaysKept);
  return {
    url,
    gameId: game.gameId,
    gameCode: game.gameCode,
    vassalage: game.vassalage,
    gameName: game.displayName,
    sessionExpiresAt: new Date(Date.now() + gameSessionTtlMs).toISOString(),
  };
}
