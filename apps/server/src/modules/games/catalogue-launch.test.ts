import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameMenus, GamePage, LaunchedGame } from '@portal/contracts';
import { gameListMaxPageSize } from '@portal/contracts';
import { crashGameCode, isBgsGameCode } from '@portal/contracts/bgs';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { startDemoVendors } from '../../vendor-sim/demo-vendor';
import type { VendorSimulator } from '../../vendor-sim/simulator';

/**
 * Issue 18: no tile may point at a game that does not exist. This walks the demo catalogue the way the
 * lobby shows it (the games menu, then every vendor's game list, every page) and launches every tile as a
 * player: each launch must succeed and lead somewhere that plays the game.
 */

/** The web app's lottery pages a portal (lottery) launch may open (apps/web/src/app/routes.ts). */
const lotteryPages = new Set([
  '/lottert',
  '/vnlottery',
  '/sealottery',
  '/lottery',
  '/vnLottery',
  '/seaLottery',
]);

/**
 * Tiles known not to launch yet, each with the reason. Keep it empty: a game listed here is a dead end
 * a player can click. Once a listed game launches, the test fails until it leaves the list.
 */
const knownLaunchGaps: ReadonlyMap<string, string> = new Map();

let kit: PaymentsKit;
let portalUrl: string;
let simulator: VendorSimulator | undefined;
beforeAll(async () => {
  kit = await startPaymentsKit();
  portalUrl = await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  // The demo's outside vendors, as npm start runs them: the vendor simulator on a free port.
  const config = kit.testApp.app.deps.config;
  simulator = await startDemoVendors(kit.testApp.database.db, {
    ...config,
    port: Number(new URL(portalUrl).port),
    vendors: { ...config.vendors, simulator: true, simulatorPort: 0, simulatorUrl: undefined },
  });
});
afterAll(async () => {
  await simulator?.close();
  await kit.close();
});

interface Tile {
  category: string;
  vendor: string;
  game: Game;
}

async function everyTile(): Promise<Tile[]> {
  const menus = (await kit.call('GET', '/lgw/games/game_menus?language=EN')).body.value as GameMenus;
  const tiles: Tile[] = [];
  for (const menu of menus.menus) {
    for (const vendor of menu.vendors) {
      for (let pageNo = 1; ; pageNo += 1) {
        const query = new URLSearchParams({
          gameType: menu.gameType,
          vassalage: vendor.vassalage,
          filter: 'ALL',
          pageNo: String(pageNo),
          pageSize: String(gameListMaxPageSize),
          language: 'EN',
        });
        const reply = await kit.call('GET', `/wps/relay/games_list?${query.toString()}`);
        expect(reply.status, `${menu.gameType}/${vendor.vassalage} list`).toBe(200);
        const page = reply.body.value as GamePage;
        for (const game of page.content)
          tiles.push({ category: menu.gameType, vendor: vendor.vassalage, game });
        if (pageNo >= page.totalPages) break;
      }
    }
  }
  return tiles;
}

/** Why a launched tile does not lead to a playable game, or null when it does. */
async function deadEnd(launched: LaunchedGame): Promise<string | null> {
  const url = new URL(launched.url, portalUrl);
  if (url.origin === new URL(portalUrl).origin && url.pathname.startsWith('/bgs/play/')) {
    const code = decodeURIComponent(url.pathname.slice('/bgs/play/'.length));
    // The game pages the web app has (apps/web .../inhouse/components/game-page.tsx): the per-player
    // games and the shared-round crash game.
    if (!isBgsGameCode(code) && code !== crashGameCode) return `there is no in-house game page for ${code}`;
    const session = await kit.call('GET', '/wps/inhouse/session', {
      token: url.searchParams.get('session') ?? '',
    });
    return session.status === 200 ? null : `its game session is refused: ${session.body.code}`;
  }
  if (url.origin === new URL(portalUrl).origin) {
    return lotteryPages.has(url.pathname) ? null : `${url.pathname} is no page of the web app`;
  }
  // A vendor's page (the local vendor simulator): it must answer.
  const page = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return page.ok ? null : `the vendor's page answered ${page.status}`;
}

describe('the demo catalogue', () => {
  it('launches every tile into a game that exists', async () => {
    const member = await loggedInMember(kit);
    const tiles = await everyTile();
    expect(tiles.length).toBeGreaterThan(10);
    const failures: string[] = [];
    const gapsSeen = new Set<string>();
    for (const { category, vendor, game } of tiles) {
      const key = `${vendor}/${game.gameCode}`;
      const body =
        game.isGame === 'VASSALAGE'
          ? { vassalage: vendor, gameCode: game.gameCode, language: 'EN' }
          : { gameId: game.gameId, language: 'EN' };
      const reply = await kit.call('POST', '/wps/game/launchGame', { token: member.token, body });
      const problem =
        reply.status === 200
          ? await deadEnd(reply.body.value as LaunchedGame)
          : `launch answered ${reply.status} ${reply.body.code}`;
      if (problem && knownLaunchGaps.has(key)) gapsSeen.add(key);
      else if (problem) failures.push(`${category} ${key} ("${game.displayName}"): ${problem}`);
    }
    expect(failures).toEqual([]);
    // A known gap that launches now must leave the list.
    expect([...knownLaunchGaps.keys()].filter((key) => !gapsSeen.has(key))).toEqual([]);
  });
});
