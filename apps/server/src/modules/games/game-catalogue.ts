import type { Kysely } from 'kysely';
import type { ReplyCache } from '../../http/cached-reply';
import { gameType as gameTypeSchema, type Game, type GameCategory } from '@portal/contracts';
import type { DB, VendorLaunchKind } from '../../db/schema';
import { databaseChannels, type ClusterBus } from '../../lib/cluster-bus';
import * as repo from './games.repo';

/** A vendor as one merchant has it. */
export interface CatalogueVendor {
  code: string;
  displayName: string;
  iconUrl: string;
  categories: GameCategory[];
  sortOrder: number;
  maintenance: boolean;
  maintenanceMessage: string | null;
  launchKind: VendorLaunchKind;
  launchUrl: string | null;
}

/** A game as one merchant has it: the reply object plus what filtering and ordering need. */
export interface CatalogueGame {
  game: Game;
  /** BGS for the in-house vendor's games, else the game type. */
  category: GameCategory;
  vendor: CatalogueVendor;
  releasedAt: number;
  sortOrder: number;
  /** Lower-cased display name and code, for the name search. */
  searchText: string;
}

/** One merchant's catalogue, in list order (vendor order, then game order). */
export interface MerchantCatalogue {
  merchantId: number;
  loadedAt: number;
  vendors: Map<string, CatalogueVendor>;
  games: CatalogueGame[];
  byId: Map<number, CatalogueGame>;
  byVendorGame: Map<string, CatalogueGame>;
  /** JSON replies built from this snapshot (sendCachedJson), dropped with it. */
  replyCache: ReplyCache;
}

/** A game counts as NEW for this long after its release. */
export const newGameWindowMs = 30 * 86_400_000;
const categoryNames = new Set<string>([
  'LIVE',
  'FISH',
  'RNG',
  'PVP',
  'SPORTS',
  'ESPORTS',
  'LOTT',
  'ELOTT',
  'COCKFIGHT',
  'BGS',
]);

function vendorOf(row: Awaited<ReturnType<typeof repo.selectMerchantVendors>>[number]): CatalogueVendor {
  return {
    code: row.code,
    displayName: row.display_name || row.name,
    iconUrl: row.icon_url ?? `/media/vendors/${row.code}.svg`,
    categories: row.categories.filter((name): name is GameCategory => categoryNames.has(name)),
    sortOrder: row.sort_order,
    maintenance: row.maintenance,
    maintenanceMessage: row.maintenance_message,
    launchKind: row.launch_kind,
    launchUrl: row.launch_url,
  };
}

async function loadCatalogue(db: Kysely<DB>, merchantId: number): Promise<MerchantCatalogue> {
  const [vendorRows, gameRows] = await Promise.all([
    repo.selectMerchantVendors(db, merchantId),
    repo.selectMerchantGames(db, merchantId),
  ]);
  const vendors = new Map(vendorRows.map((row) => [row.code, vendorOf(row)]));
  const now = Date.now();
  const games: CatalogueGame[] = [];
  for (const row of gameRows) {
    const vendor = vendors.get(row.vendor_code);
    const type = gameTypeSchema.safeParse(row.game_type);
    if (!vendor || !type.success) continue;
    const releasedAt = row.released_at.getTime();
    games.push({
      category: vendor.categories.includes('BGS') ? 'BGS' : type.data,
      vendor,
      releasedAt,
      sortOrder: row.sort_order,
      searchText: `${row.display_name} ${row.game_code}`.toLowerCase(),
      game: {
        gameId: row.id,
        nodeId: row.id,
        gameCode: row.game_code,
        displayName: row.display_name,
        gameName: row.display_name,
        vassalage: row.vendor_code,
        gameType: type.data,
        isGame: row.is_game,
        isHot: row.is_hot ? 1 : 0,
        isNew: now - releasedAt < newGameWindowMs,
        iconUrl: row.icon_url,
        lagerIcon: row.large_icon_url,
        maintenance: vendor.maintenance,
      },
    });
  }
  // Stable list order: vendor order, game order, id.
  games.sort(
    (a, b) =>
      a.vendor.sortOrder - b.vendor.sortOrder ||
      a.vendor.code.localeCompare(b.vendor.code) ||
      a.sortOrder - b.sortOrder ||
      a.game.gameId - b.game.gameId,
  );
  return {
    merchantId,
    loadedAt: now,
    vendors,
    games,
    byId: new Map(games.map((entry) => [entry.game.gameId, entry])),
    byVendorGame: new Map(games.map((entry) => [`${entry.game.vassalage}/${entry.game.gameCode}`, entry])),
    replyCache: new Map(),
  };
}

export interface GameCatalogueOptions {
  db: Kysely<DB>;
  /** Safety net behind the change notifications (and what moves games out of NEW): reload after this. */
  ttlMs: number;
  /** The instance's transport: `portal_catalogue` drops snapshots, as does a listener reconnection. */
  bus?: ClusterBus;
}

/**
 * Every merchant's game catalogue held in memory, so list and menu reads cost no query. A merchant's
 * snapshot is dropped when PostgreSQL announces a change on `portal_catalogue` (triggers of migration
 * 0007: payload the merchant id, or 0 when vendors or games changed for all), and after `ttlMs`.
 */
export class GameCatalogue {
  private readonly snapshots = new Map<number, MerchantCatalogue>();
  private readonly loading = new Map<number, Promise<MerchantCatalogue>>();
  private generation = 0;

  constructor(private readonly options: GameCatalogueOptions) {
    options.bus?.subscribe(
      databaseChannels.catalogue,
      (payload) => this.invalidate(Number(payload) || 0),
      'database',
    );
    options.bus?.onReconnect(() => this.invalidate());
  }

  /** The snapshot when loaded and fresh, else undefined (then call load). */
  fresh(merchantId: number): MerchantCatalogue | undefined {
    const snapshot = this.snapshots.get(merchantId);
    return snapshot && Date.now() - snapshot.loadedAt < this.options.ttlMs ? snapshot : undefined;
  }

  /** The merchant's catalogue, loading it when missing or stale; concurrent callers share one load. */
  async of(merchantId: number): Promise<MerchantCatalogue> {
    const snapshot = this.fresh(merchantId);
    if (snapshot) return snapshot;
    let pending = this.loading.get(merchantId);
    if (!pending) {
      const generation = this.generation;
      pending = loadCatalogue(this.options.db, merchantId)
        .then((loaded) => {
          // A change announced while loading makes this load stale: use it once, do not keep it.
          if (generation === this.generation) this.snapshots.set(merchantId, loaded);
          return loaded;
        })
        .finally(() => this.loading.delete(merchantId));
      this.loading.set(merchantId, pending);
    }
    return pending;
  }

  /** Drops one merchant's snapshot, or every snapshot (merchantId 0: vendors or games changed). */
  invalidate(merchantId = 0): void {
    this.generation += 1;
    if (merchantId === 0) this.snapshots.clear();
    else this.snapshots.delete(merchantId);
  }
}
