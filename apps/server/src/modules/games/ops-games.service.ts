import type { Kysely } from 'kysely';
import type {
  OpsGame,
  OpsVendor,
  Page,
  OpsGameSettings,
  OpsGameSettingsBody,
  OpsVendorSettings,
  OpsVendorSettingsBody,
} from '@portal/contracts';
import type { DB } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { GameCatalogue } from './game-catalogue';
import * as repo from './games.repo';

function requireChanges(changes: object): void {
  if (Object.keys(changes).length === 0) throw new AppError('validation_failed', 'Nothing to change');
}

/**
 * Changes a vendor's switches at one merchant. The table trigger announces it to every instance; this
 * instance also drops its snapshot at once, so the operator's next read already shows the change. The
 * win policy (decision 0024) is read by the seamless wallet at every batch, so it is in force at once; a
 * call that only sets the win policy does not switch on a vendor the merchant has not switched on.
 */
export async function updateVendor(
  db: Kysely<DB>,
  catalogue: GameCatalogue,
  merchantId: number,
  vendorCode: string,
  body: OpsVendorSettingsBody,
): Promise<OpsVendorSettings> {
  if (!(await repo.vendorExists(db, vendorCode))) throw new AppError('not_found', `No vendor ${vendorCode}`);
  const changes = {
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    ...(body.sortOrder === undefined ? {} : { sort_order: body.sortOrder }),
    ...(body.maintenance === undefined ? {} : { maintenance: body.maintenance }),
    ...(body.maintenanceMessage === undefined
      ? {}
      : { maintenance_message: body.maintenanceMessage || null }),
  };
  const winPolicy = {
    ...(body.orphanWinPolicy === undefined ? {} : { orphan_win_policy: body.orphanWinPolicy }),
    ...(body.maxWinMultiplier === undefined ? {} : { max_win_multiplier: body.maxWinMultiplier }),
  };
  requireChanges({ ...changes, ...winPolicy });
  const onlyWinPolicy = Object.keys(changes).length === 0;
  const row = await repo.upsertMerchantVendor(
    db,
    merchantId,
    vendorCode,
    { ...changes, ...winPolicy },
    !onlyWinPolicy,
  );
  catalogue.invalidate(merchantId);
  return {
    vassalage: row.vendor_code,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    maintenance: row.maintenance,
    maintenanceMessage: row.maintenance_message,
    orphanWinPolicy: row.orphan_win_policy,
    maxWinMultiplier: row.max_win_multiplier,
  };
}

/** Overrides a game's switches at one merchant (see updateVendor about the snapshot). */
export async function updateGame(
  db: Kysely<DB>,
  catalogue: GameCatalogue,
  merchantId: number,
  gameId: number,
  body: OpsGameSettingsBody,
): Promise<OpsGameSettings> {
  if (!(await repo.gameExists(db, gameId))) throw new AppError('not_found', 'No such game');
  const changes = {
    ...(body.enabled === undefined ? {} : { enabled: body.enabled }),
    ...(body.sortOrder === undefined ? {} : { sort_order: body.sortOrder }),
    ...(body.isHot === undefined ? {} : { is_hot: body.isHot }),
  };
  requireChanges(changes);
  const row = await repo.upsertMerchantGame(db, merchantId, gameId, changes);
  catalogue.invalidate(merchantId);
  return { gameId: row.game_id, enabled: row.enabled, sortOrder: row.sort_order, isHot: row.is_hot };
}

/** Every vendor of the platform with this merchant's switches and game counts (the console's list). */
export async function listVendors(db: Kysely<DB>, merchantId: number): Promise<OpsVendor[]> {
  const rows = await repo.selectVendorsForOperator(db, merchantId);
  return rows.map((row) => ({
    vassalage: row.code,
    name: row.display_name,
    categories: row.categories,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    maintenance: row.maintenance,
    maintenanceMessage: row.maintenance_message,
    gameCount: Number(row.game_count),
    enabledGameCount: Number(row.enabled_game_count),
  }));
}

/**
 * A page of the games (of one vendor, when named) with the switches in force at this merchant; an
 * unknown vendor is a 404 rather than an empty page.
 */
export async function listGames(
  db: Kysely<DB>,
  merchantId: number,
  query: { vendor?: string | undefined; search?: string | undefined; page: number; pageSize: number },
): Promise<Page<OpsGame>> {
  if (query.vendor !== undefined && !(await repo.vendorExists(db, query.vendor))) {
    throw new AppError('not_found', `No vendor ${query.vendor}`);
  }
  const { rows, total } = await repo.selectGamesForOperator(
    db,
    merchantId,
    { vendorCode: query.vendor, search: query.search || undefined },
    query,
  );
  const items = rows.map((row) => ({
    id: row.id,
    vassalage: row.vendor_code,
    gameCode: row.game_code,
    name: row.display_name,
    gameType: row.game_type,
    iconUrl: row.icon_url,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    isHot: row.is_hot,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}
