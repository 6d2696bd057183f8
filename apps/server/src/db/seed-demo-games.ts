import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { GameType } from '@portal/contracts';
import type { DB, VendorLaunchKind } from './schema';

/**
 * The demo game catalogue: eleven vendors covering every category (BGS in-house, seven vendors played by
 * the outside-vendor simulator, three lottery vendors) and over 200 games with composed SVG tiles
 * (`/media/games/...`, Game Icons shapes chosen by the game's name, games-media.routes.ts; no vendor
 * artwork). Idempotent: vendors and games are
 * inserted when missing and their catalogue fields refreshed; a merchant's switches are only created,
 * never overwritten, so an operator's changes survive restarts.
 */
export interface DemoCatalogueVendor {
  code: string;
  displayName: string;
  /** Menu categories (BGS for the in-house vendor). */
  categories: string[];
  launchKind: VendorLaunchKind;
  /** For portal vendors: our page; hosted vendors get the simulator's address at start-up. */
  launchUrl: string | null;
  /** Simulator game kind (vendor-sim/sim-games.ts) of a hosted vendor. */
  games: DemoGame[];
}

export interface DemoGame {
  code: string;
  name: string;
  type: GameType;
  isGame?: 'GAME' | 'VASSALAGE';
  hot?: boolean;
}

const adjectives = [
  'Golden',
  'Lucky',
  'Mystic',
  'Royal',
  'Wild',
  'Crystal',
  'Thunder',
  'Jade',
  'Neon',
  'Lunar',
];
const nouns = [
  'Dragon',
  'Tiger',
  'Phoenix',
  'Fortune',
  'Treasure',
  'Koi',
  'Lotus',
  'Empire',
  'Temple',
  'Comet',
];

/**
 * `count` games named deterministically, every seventh one hot. The noun shifts with each round of
 * adjectives, so neighbours differ in both words (the tiles' art draws the noun in the adjective's
 * colours, game-art.ts) and the first hundred names are all different.
 */
function generatedGames(prefix: string, type: GameType, count: number, suffix: string): DemoGame[] {
  return Array.from({ length: count }, (_, index) => {
    const adjective = adjectives[index % adjectives.length] ?? 'Lucky';
    const round = Math.floor(index / adjectives.length);
    const noun = nouns[(index + round) % nouns.length] ?? 'Dragon';
    return {
      code: `${prefix}-${String(index + 1).padStart(3, '0')}`,
      name: `${adjective} ${noun} ${suffix}`.trim(),
      type,
      hot: index % 7 === 0,
    };
  });
}

export const demoCatalogue: DemoCatalogueVendor[] = [
  {
    code: 'BGS',
    displayName: 'BGS Originals',
    categories: ['BGS'],
    launchKind: 'inhouse',
    launchUrl: null,
    games: [
      { code: 'bgs-slot', name: 'BGS Fortune Reels', type: 'RNG', hot: true },
      { code: 'bgs-dice', name: 'BGS Dice', type: 'RNG', hot: true },
      { code: 'bgs-mines', name: 'BGS Mines', type: 'RNG' },
      { code: 'bgs-crash', name: 'BGS Crash', type: 'RNG' },
    ],
  },
  {
    code: 'SIMSLOT',
    displayName: 'Sim Slots',
    categories: ['RNG'],
    launchKind: 'hosted',
    launchUrl: null,
    games: generatedGames('simslot', 'RNG', 70, 'Slots'),
  },
  {
    code: 'SIMFISH',
    displayName: 'Sim Fishing',
    categories: ['FISH'],
    launchKind: 'hosted',
    launchUrl: null,
    games: generatedGames('simfish', 'FISH', 30, 'Fishing'),
  },
  {
    code: 'SIMLIVE',
    displayName: 'Sim Live Casino',
    categories: ['LIVE'],
    launchKind: 'hosted',
    launchUrl: null,
    games: [
      { code: 'simlive-lobby', name: 'Sim Live Lobby', type: 'LIVE', isGame: 'VASSALAGE', hot: true },
      ...generatedGames('simlive', 'LIVE', 30, 'Baccarat'),
    ],
  },
  {
    code: 'SIMPVP',
    displayName: 'Sim PVP Cards',
    categories: ['PVP'],
    launchKind: 'hosted',
    launchUrl: null,
    games: generatedGames('simpvp', 'PVP', 33, 'Duel'),
  },
  {
    code: 'SIMSPORT',
    displayName: 'Sim Sportsbook',
    categories: ['SPORTS'],
    launchKind: 'hosted',
    launchUrl: null,
    games: [
      { code: 'simsport-book', name: 'Sim Sportsbook', type: 'SPORTS', hot: true },
      ...generatedGames('simsport', 'SPORTS', 11, 'League'),
    ],
  },
  {
    code: 'IMES',
    displayName: 'IM Esports (demo)',
    categories: ['ESPORTS'],
    launchKind: 'hosted',
    launchUrl: null,
    games: [
      { code: 'imes-arena', name: 'Esports Arena', type: 'ESPORTS', hot: true },
      ...generatedGames('imes', 'ESPORTS', 11, 'Cup'),
    ],
  },
  {
    code: 'DS88',
    displayName: 'DS88 Cockfight (demo)',
    categories: ['COCKFIGHT'],
    launchKind: 'hosted',
    launchUrl: null,
    games: [
      { code: 'ds88-pit', name: 'Cockfight Pit', type: 'COCKFIGHT', hot: true },
      ...generatedGames('ds88', 'COCKFIGHT', 9, 'Derby'),
    ],
  },
  {
    code: 'LOTT',
    displayName: 'Lottery',
    categories: ['LOTT', 'ELOTT'],
    launchKind: 'portal',
    launchUrl: '/lottert',
    games: [
      { code: 'LOTT', name: 'Lottery', type: 'LOTT', hot: true },
      { code: 'ELOTT', name: 'E-Lottery', type: 'ELOTT' },
    ],
  },
  {
    code: 'TCG_LOTTO_VN',
    displayName: 'Vietnam Lottery',
    categories: ['LOTT'],
    launchKind: 'portal',
    launchUrl: '/vnlottery',
    games: [{ code: 'VN', name: 'Vietnam Lottery', type: 'LOTT' }],
  },
  {
    code: 'SEA_LOTTO',
    displayName: 'SEA Lottery',
    categories: ['LOTT'],
    launchKind: 'portal',
    launchUrl: '/sealottery',
    games: [{ code: 'SEA', name: 'SEA Lottery', type: 'LOTT' }],
  },
];

/** The generated icon of a game (served by games-media.routes.ts); `large` for lagerIcon. */
export function gameIconUrl(vendorCode: string, gameCode: string, large = false): string {
  return `/media/games/${vendorCode}/${gameCode}${large ? '.large' : ''}.svg`;
}

/** The generated icon of a vendor. */
export function vendorIconUrl(vendorCode: string): string {
  return `/media/vendors/${vendorCode}.svg`;
}

async function upsertVendor(db: Kysely<DB>, vendor: DemoCatalogueVendor, sortOrder: number): Promise<void> {
  await db
    .insertInto('vendors')
    .values({
      code: vendor.code,
      name: vendor.displayName,
      wallet_mode: 'seamless',
      secret: randomBytes(32).toString('hex'),
      api_url: null,
      display_name: vendor.displayName,
      categories: vendor.categories,
      icon_url: vendorIconUrl(vendor.code),
      sort_order: sortOrder,
      launch_kind: vendor.launchKind,
      launch_url: vendor.launchUrl,
    })
    .onConflict((conflict) =>
      conflict.column('code').doUpdateSet({
        display_name: sql`excluded.display_name`,
        categories: sql`excluded.categories`,
        icon_url: sql`excluded.icon_url`,
        sort_order: sql`excluded.sort_order`,
        launch_kind: sql`excluded.launch_kind`,
        // A hosted vendor's address is set when its simulator starts; keep it.
        launch_url: sql`coalesce(excluded.launch_url, vendors.launch_url)`,
      }),
    )
    .execute();
}

async function upsertGames(db: Kysely<DB>, vendor: DemoCatalogueVendor, seededAt: number): Promise<void> {
  const rows = vendor.games.map((entry, index) => ({
    vendor_code: vendor.code,
    game_code: entry.code,
    display_name: entry.name,
    game_type: entry.type,
    is_game: entry.isGame ?? 'GAME',
    icon_url: gameIconUrl(vendor.code, entry.code),
    large_icon_url: gameIconUrl(vendor.code, entry.code, true),
    is_hot: entry.hot ?? false,
    sort_order: index,
    // Release dates 3 days apart, newest first, so the NEW filter (30 days) holds each vendor's first ten.
    released_at: new Date(seededAt - index * 3 * 86_400_000),
  }));
  await db
    .insertInto('games')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['vendor_code', 'game_code']).doUpdateSet({
        display_name: sql`excluded.display_name`,
        game_type: sql`excluded.game_type`,
        is_game: sql`excluded.is_game`,
        icon_url: sql`excluded.icon_url`,
        large_icon_url: sql`excluded.large_icon_url`,
      }),
    )
    .execute();
}

/** Seeds the catalogue and turns every demo vendor on for every merchant that has none yet. */
export async function seedDemoGames(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // One seeding at a time: several instances starting together would otherwise race on the rows.
    await sql`select pg_advisory_xact_lock(hashtext('seed-demo-games'))`.execute(trx);
    const seededAt = Date.now();
    for (const [index, vendor] of demoCatalogue.entries()) {
      await upsertVendor(trx, vendor, index);
      await upsertGames(trx, vendor, seededAt);
    }
    const merchants = await trx.selectFrom('merchants').select('id').execute();
    const rows = merchants.flatMap((merchant) =>
      demoCatalogue.map((vendor, index) => ({
        merchant_id: merchant.id,
        vendor_code: vendor.code,
        sort_order: index,
      })),
    );
    if (rows.length > 0) {
      await trx
        .insertInto('merchant_vendors')
        .values(rows)
        .onConflict((conflict) => conflict.columns(['merchant_id', 'vendor_code']).doNothing())
        .execute();
    }
  });
}
