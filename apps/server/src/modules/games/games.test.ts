import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GameMenus, GamePage } from '@portal/contracts';
import { demoCatalogue } from '../../db/seed-demo-games';
import { buildMerchant } from '../../test/factories';
import { loggedInMember, startPaymentsKit, trialToken, type PaymentsKit } from '../../test/payments-kit';
import { recordRecentPlay } from './games.repo';

let kit: PaymentsKit;

beforeAll(async () => {
  kit = await startPaymentsKit();
});
afterAll(async () => kit.close());

async function list(
  query: string,
  token?: string,
): Promise<{ status: number; page: GamePage; code?: string }> {
  const reply = await kit.call('GET', `/wps/relay/games_list?${query}`, token ? { token } : {});
  return {
    status: reply.status,
    page: reply.body.value as GamePage,
    code: reply.body.code as string | undefined,
  };
}

describe('the demo catalogue', () => {
  it('has at least 8 vendors covering every category and at least 200 games', async () => {
    const { status, page } = await list('pageSize=100');
    expect(status).toBe(200);
    expect(page.total).toBeGreaterThanOrEqual(200);
    const menus = (await kit.call('GET', '/lgw/games/game_menus')).body.value as GameMenus;
    expect(menus.menus.map((menu) => menu.gameType).sort()).toEqual(
      ['BGS', 'COCKFIGHT', 'ELOTT', 'ESPORTS', 'FISH', 'LIVE', 'LOTT', 'PVP', 'RNG', 'SPORTS'].sort(),
    );
    const vendors = new Set(menus.menus.flatMap((menu) => menu.vendors.map((vendor) => vendor.vassalage)));
    expect(vendors.size).toBeGreaterThanOrEqual(8);
    for (const code of ['BGS', 'IMES', 'DS88', 'LOTT', 'TCG_LOTTO_VN', 'SEA_LOTTO'])
      expect(vendors).toContain(code);
    const rng = menus.menus.find((menu) => menu.gameType === 'RNG')!;
    expect(rng.vendors.every((vendor) => !vendor.showStart)).toBe(true);
    const live = menus.menus.find((menu) => menu.gameType === 'LIVE')!;
    expect(live.vendors[0]).toMatchObject({ vassalage: 'SIMLIVE', showStart: true, gameCount: 31 });
  });

  it('answers the spec fields of every game, with generated icons that are served', async () => {
    const { page } = await list('gameType=BGS');
    const slot = page.content.find((game) => game.gameCode === 'bgs-slot')!;
    expect(slot).toMatchObject({
      vassalage: 'BGS',
      gameType: 'RNG',
      isGame: 'GAME',
      isHot: 1,
      displayName: expect.any(String),
      gameName: slot.displayName,
      nodeId: slot.gameId,
      iconUrl: '/media/games/BGS/bgs-slot.svg',
      lagerIcon: '/media/games/BGS/bgs-slot.large.svg',
    });
    const icon = await kit.testApp.app.inject({ method: 'GET', url: slot.iconUrl });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.headers['cache-control']).toContain('max-age=86400');
    expect(icon.body).toMatch(/^<svg [^>]*width="160" height="160"/);
    const again = await kit.testApp.app.inject({ method: 'GET', url: slot.iconUrl });
    expect(again.body).toBe(icon.body);
    // The tile is composed from a Game Icons shape (drawn twice: shadow and metal), not a letter glyph.
    expect(icon.body).toContain('<use href="#i"');
    expect(icon.body).not.toContain('<text');
    const gzipped = await kit.testApp.app.inject({
      method: 'GET',
      url: slot.iconUrl,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(icon.body);
    expect(gzipped.rawPayload.length).toBeLessThan(icon.body.length * 0.7);
    const dice = await kit.testApp.app.inject({ method: 'GET', url: '/media/games/BGS/bgs-dice.svg' });
    expect(dice.body).not.toBe(icon.body);
    const large = await kit.testApp.app.inject({ method: 'GET', url: slot.lagerIcon });
    expect(large.body).toMatch(/width="320" height="160"/);
    // The wide picture letters the game's name beside the motif.
    expect(large.body).toContain(`>${slot.displayName.split(' ')[0]}`);
    const vendorLogo = await kit.testApp.app.inject({ method: 'GET', url: '/media/vendors/SIMFISH.svg' });
    expect(vendorLogo.statusCode).toBe(200);
    expect(vendorLogo.body).toMatch(/<use href="#i"[^>]*>.*<tspan[^>]*>SIM\b/);
    const bad = await kit.testApp.app.inject({ method: 'GET', url: '/media/games/BGS/..%2Fetc.svg' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the game list', () => {
  it('filters by category, leaving vendor BGS out of RNG', async () => {
    const rng = await list('gameType=RNG&pageSize=100');
    expect(rng.page.total).toBe(70);
    expect(rng.page.content.every((game) => game.gameType === 'RNG' && game.vassalage !== 'BGS')).toBe(true);
    const bgs = await list('gameType=BGS');
    expect(bgs.page.content.map((game) => game.gameCode).sort()).toEqual([
      'bgs-crash',
      'bgs-dice',
      'bgs-mines',
      'bgs-slot',
    ]);
    const fish = await list('gameType=FISH&vassalage=SIMFISH&pageSize=100');
    expect(fish.page.total).toBe(30);
    const none = await list('gameType=FISH&vassalage=IMES');
    expect(none.page).toMatchObject({ total: 0, totalPages: 0, content: [] });
  });

  it('pages with pageNo and pageSize, caps pageSize at 100 and refuses bad input', async () => {
    const first = await list('gameType=RNG&pageNo=1&pageSize=20');
    const last = await list('gameType=RNG&pageNo=4&pageSize=20');
    const past = await list('gameType=RNG&pageNo=5&pageSize=20');
    expect(first.page).toMatchObject({ pageNum: 1, pageSize: 20, total: 70, totalPages: 4 });
    expect(first.page.content).toHaveLength(20);
    expect(last.page.content).toHaveLength(10);
    expect(past.page.content).toHaveLength(0);
    const ids = new Set([...first.page.content, ...last.page.content].map((game) => game.gameId));
    expect(ids.size).toBe(30);
    expect((await list('pageSize=101')).status).toBe(400);
    expect((await list('pageNo=0')).status).toBe(400);
    expect((await list('gameType=SLOTS')).status).toBe(400);
    expect((await list('filter=BEST')).status).toBe(400);
    expect((await list(`name=${'x'.repeat(51)}`)).status).toBe(400);
    expect((await list('vassalage=bad code')).status).toBe(400);
  });

  it('filters HOT and NEW, and searches by name or code case-insensitively', async () => {
    const hot = await list('gameType=RNG&filter=HOT&pageSize=100');
    expect(hot.page.total).toBe(10);
    expect(hot.page.content.every((game) => game.isHot === 1)).toBe(true);
    const fresh = await list('gameType=RNG&filter=NEW&pageSize=100');
    expect(fresh.page.total).toBe(10);
    expect(fresh.page.content.every((game) => game.isNew)).toBe(true);
    expect(fresh.page.content[0]!.gameCode).toBe('simslot-001');
    const byName = await list('name=golden%20dragon');
    expect(byName.page.total).toBeGreaterThan(0);
    expect(
      byName.page.content.every((game) => game.displayName.toLowerCase().includes('golden dragon')),
    ).toBe(true);
    const byCode = await list('name=BGS-DI');
    expect(byCode.page.content.map((game) => game.gameCode)).toEqual(['bgs-dice']);
    expect((await list('name=nothing-like-this')).page.total).toBe(0);
  });

  it('needs a session for FAV and RECENT', async () => {
    expect(await list('filter=FAV')).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(await list('filter=RECENT')).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('serves lanes, hot games and an empty winner board', async () => {
    const lanes = (await kit.call('GET', '/wps/relay/games_lanes?platform=html5-desktop')).body.value;
    const live = lanes.data.lanes.find((lane: { title: string }) => lane.title === 'LIVE');
    expect(live).toMatchObject({ gameClassify: 'LIVE', cards: { SIMLIVE: { vassalage: 'SIMLIVE' } } });
    const hot = (
      await kit.call('GET', '/wps/relay/games_hot?merchantCode=demo&isPlatform=2&platform=W&language=EN')
    ).body.value.list as Game[];
    expect(hot.length).toBeGreaterThan(0);
    expect(hot.length).toBeLessThanOrEqual(20);
    expect(hot.every((game) => game.isHot === 1)).toBe(true);
    const board = await kit.call('GET', '/wps/relay/games_winners?gameCategory=ALL&limitNum=20&language=EN');
    expect(board.body).toMatchObject({ success: true, value: { list: [] } });
    expect((await kit.call('GET', '/wps/relay/games_winners?limitNum=21')).status).toBe(400);
  });
});

describe('favourites and recent plays', () => {
  it('adds and removes idempotently, lists newest first and filters FAV', async () => {
    const member = await loggedInMember(kit);
    const { page } = await list('gameType=FISH&pageSize=3');
    const [a, b] = page.content as [Game, Game];
    for (const game of [a, b, a]) {
      const added = await kit.call('POST', '/wps/relay/games_favorite', {
        token: member.token,
        body: { gameId: game.gameId },
      });
      expect(added.body).toMatchObject({ success: true, value: { gameId: game.gameId, favourite: true } });
    }
    const favourites = await kit.call('GET', '/wps/relay/games_favorites?pageSize=999', {
      token: member.token,
    });
    expect(favourites.body.value.content.map((game: Game) => game.gameId)).toEqual([b.gameId, a.gameId]);
    expect((await list('filter=FAV&gameType=FISH', member.token)).page.total).toBe(2);
    expect((await list('filter=FAV&gameType=LIVE', member.token)).page.total).toBe(0);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const removed = await kit.call('DELETE', `/wps/relay/games_favorite?gameId=${a.gameId}`, {
        token: member.token,
      });
      expect(removed.body).toMatchObject({ success: true, value: { favourite: false } });
    }
    expect((await list('filter=FAV', member.token)).page.content.map((game) => game.gameId)).toEqual([
      b.gameId,
    ]);
    expect(
      (await kit.call('GET', '/wps/relay/games_favorites?pageSize=1000', { token: member.token })).status,
    ).toBe(400);
  });

  it('keeps one row when adds and removes race each other', async () => {
    const member = await loggedInMember(kit);
    const { page } = await list('gameType=PVP&pageSize=1');
    const gameId = page.content[0]!.gameId;
    const adds = await Promise.all(
      Array.from({ length: 12 }, () =>
        kit.call('POST', '/wps/relay/games_favorite', { token: member.token, body: { gameId } }),
      ),
    );
    expect(adds.every((reply) => reply.status === 200)).toBe(true);
    const count = await kit.testApp.database.db
      .selectFrom('favourite_games')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('member_id', '=', member.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(1);
    const mixed = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? kit.call('DELETE', `/wps/relay/games_favorite?gameId=${gameId}`, { token: member.token })
          : kit.call('POST', '/wps/relay/games_favorite', { token: member.token, body: { gameId } }),
      ),
    );
    expect(mixed.every((reply) => reply.status === 200)).toBe(true);
    const total = (await kit.call('GET', '/wps/relay/games_favorites', { token: member.token })).body.value
      .total;
    expect([0, 1]).toContain(total);
  });

  it('refuses unknown games, visitors and trial accounts', async () => {
    const member = await loggedInMember(kit);
    const unknown = await kit.call('POST', '/wps/relay/games_favorite', {
      token: member.token,
      body: { gameId: 99_999_999 },
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found' } });
    const bad = await kit.call('POST', '/wps/relay/games_favorite', {
      token: member.token,
      body: { gameId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect((await kit.call('POST', '/wps/relay/games_favorite', { body: { gameId: 1 } })).status).toBe(401);
    const trial = await trialToken(kit);
    const refused = await kit.call('GET', '/wps/relay/games_favorites', { token: trial });
    expect(refused).toMatchObject({ status: 403, body: { code: 'in_need_true_account' } });
  });

  it('lists recent launches newest first, at most 20 per page', async () => {
    const member = await loggedInMember(kit);
    const { page } = await list('gameType=BGS&pageSize=3');
    for (const game of page.content) {
      const launched = await kit.call('POST', '/wps/game/launchGame', {
        token: member.token,
        body: { gameId: game.gameId },
      });
      expect(launched.status).toBe(200);
    }
    const recent = await kit.call('GET', '/wps/relay/games_recent?pageNo=1&pageSize=20', {
      token: member.token,
    });
    expect(recent.body.value.content.map((game: Game) => game.gameId)).toEqual(
      page.content.map((game) => game.gameId).reverse(),
    );
    expect((await list('filter=RECENT&gameType=BGS', member.token)).page.total).toBe(3);
    expect((await list('filter=RECENT&gameType=RNG', member.token)).page.total).toBe(0);
    expect(
      (await kit.call('GET', '/wps/relay/games_recent?pageSize=21', { token: member.token })).status,
    ).toBe(400);
  });
});

describe('limits and isolation', () => {
  it('keeps only the newest recent plays of a member', async () => {
    const member = await loggedInMember(kit);
    const { page } = await list('gameType=LIVE&pageSize=5');
    for (const game of page.content)
      await recordRecentPlay(kit.testApp.database.db, member.memberId, game.gameId, 3);
    const recent = await kit.call('GET', '/wps/relay/games_recent', { token: member.token });
    expect(recent.body.value.content.map((game: Game) => game.gameId)).toEqual(
      page.content
        .slice(2)
        .map((game) => game.gameId)
        .reverse(),
    );
  });

  it('shows another merchant only the vendors it has switched on', async () => {
    const other = await buildMerchant(kit.testApp.database.db, {
      code: 'gamesiso',
      domains: ['games-iso.test'],
    });
    await kit.testApp.database.db
      .insertInto('merchant_vendors')
      .values({ merchant_id: other.id, vendor_code: 'DS88' })
      .execute();
    kit.testApp.app.deps.merchants.invalidate();
    const reply = await kit.testApp.app.inject({
      method: 'GET',
      url: '/lgw/games/game_menus',
      headers: { host: 'games-iso.test' },
    });
    const menus = reply.json().value.menus as { gameType: string; vendors: { vassalage: string }[] }[];
    expect(menus).toEqual([
      { gameType: 'COCKFIGHT', vendors: [expect.objectContaining({ vassalage: 'DS88' })] },
    ]);
    const games = await kit.testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/games_list?pageSize=100',
      headers: { host: 'games-iso.test' },
    });
    expect(games.json().value.total).toBe(10);
  });
});

describe('the seed', () => {
  it('names the in-house and lottery games other modules rely on', () => {
    const codes = demoCatalogue.flatMap((vendor) =>
      vendor.games.map((game) => `${vendor.code}/${game.code}`),
    );
    for (const code of [
      'BGS/bgs-slot',
      'BGS/bgs-dice',
      'BGS/bgs-mines',
      'LOTT/LOTT',
      'LOTT/ELOTT',
      'TCG_LOTTO_VN/VN',
      'SEA_LOTTO/SEA',
    ]) {
      expect(codes).toContain(code);
    }
  });
});
