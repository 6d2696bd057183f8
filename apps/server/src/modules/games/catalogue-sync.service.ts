import type { Kysely } from 'kysely';
import type { OpsCatalogueSyncResult } from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import { vendorAdapterOf, type VendorCatalogueEntry } from '../vendors';
import type { GameCatalogue } from './game-catalogue';
import * as repo from './games.repo';

/** The generated icon addresses of a game (games-media.routes.ts draws them from the path). */
function iconsOf(vendorCode: string, gameCode: string) {
  return {
    icon_url: `/media/games/${vendorCode}/${gameCode}.svg`,
    large_icon_url: `/media/games/${vendorCode}/${gameCode}.large.svg`,
  };
}

/**
 * Reads a vendor's catalogue through its adapter and brings the `games` rows in line: new games are
 * added (with generated icons, after the existing ones), changed names and types are updated, games the
 * vendor no longer lists are switched off (never deleted, so favourites and rounds keep their game), and
 * listed games that were off come back on. One transaction; the table triggers tell every instance.
 */
export async function syncVendorCatalogue(
  db: Kysely<DB>,
  catalogue: GameCatalogue,
  vendorCode: string,
  options: { timeoutMs: number },
): Promise<OpsCatalogueSyncResult> {
  const vendor = await repo.selectVendorLaunch(db, vendorCode);
  if (!vendor) throw new AppError('not_found', `No vendor ${vendorCode}`);
  const adapter = vendorAdapterOf(
    {
      code: vendor.code,
      launchKind: vendor.launch_kind,
      launchUrl: vendor.launch_url,
      secret: vendor.secret,
    },
    options,
  );
  if (!adapter.syncCatalogue) {
    throw new AppError('catalogue_not_published', `${vendorCode} publishes no catalogue`);
  }
  let listed: VendorCatalogueEntry[];
  try {
    listed = await adapter.syncCatalogue();
  } catch {
    throw new AppError('vendor_unavailable', `${vendorCode}'s catalogue could not be read`);
  }
  const result = await db.transaction().execute(async (trx) => {
    const existing = new Map(
      (await repo.selectVendorGames(trx, vendorCode)).map((row) => [row.game_code, row]),
    );
    const listedCodes = new Set(listed.map((entry) => entry.gameCode));
    const added = listed.filter((entry) => !existing.has(entry.gameCode));
    await repo.insertGames(
      trx,
      added.map((entry, index) => ({
        vendor_code: vendorCode,
        game_code: entry.gameCode,
        display_name: entry.displayName,
        game_type: entry.gameType,
        sort_order: existing.size + index,
        ...iconsOf(vendorCode, entry.gameCode),
      })),
    );
    let updated = 0;
    for (const entry of listed) {
      const row = existing.get(entry.gameCode);
      if (!row) continue;
      const changes = {
        ...(row.display_name === entry.displayName ? {} : { display_name: entry.displayName }),
        ...(row.game_type === entry.gameType ? {} : { game_type: entry.gameType }),
        ...(row.enabled ? {} : { enabled: true }),
      };
      if (Object.keys(changes).length === 0) continue;
      await repo.updateGame(trx, row.id, changes);
      updated += 1;
    }
    let disabled = 0;
    for (const row of existing.values()) {
      if (listedCodes.has(row.game_code) || !row.enabled) continue;
      await repo.updateGame(trx, row.id, { enabled: false });
      disabled += 1;
    }
    return { vassalage: vendorCode, added: added.length, updated, disabled };
  });
  catalogue.invalidate();
  return result;
}
