import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Game, GamePage, LaunchedGame, WinnerEntry } from '@portal/contracts';
import { SeamlessVendorClient } from '../seamless/vendor-client';
import {
  balanceOf,
  fund,
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  trialToken,
  type PaymentsKit,
} from '../../test/payments-kit';

let kit: PaymentsKit;
let admin: string;
let portalUrl: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  admin = await operatorToken(kit);
  portalUrl = await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => kit.close());

async function gameOf(query: string, token?: string): Promise<Game> {
  const reply = await kit.call('GET', `/wps/relay/games_list?${query}`, token ? { token } : {});
  const page = reply.body.value as GamePage;
  if (!page.content[0]) throw new Error(`no game for ${query}`);
  return page.content[0];
}

async function launch(token: string | undefined, body: object) {
  return kit.call('POST', '/wps/game/launchGame', { ...(token ? { token } : {}), body });
}

describe('launching a game', () => {
  it('asks visitors to log in and trial accounts for a real account', async () => {
    const slot = await gameOf('gameType=BGS&name=bgs-slot');
    expect(await launch(undefined, { gameId: slot.gameId })).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    });
    const trial = await trialToken(kit);
    expect(await launch(trial, { gameId: slot.gameId })).toMatchObject({
      status: 403,
      body: { code: 'in_need_true_account' },
    });
  });

  it('opens a game session and answers the in-house and lottery page addresses', async () => {
    const member = await loggedInMember(kit);
    const slot = await gameOf('gameType=BGS&name=bgs-slot');
    const launched = await launch(member.token, { gameId: slot.gameId, language: 'EN' });
    expect(launched.status).toBe(200);
    const value = launched.body.value as LaunchedGame;
    expect(value).toMatchObject({ gameId: slot.gameId, gameCode: 'bgs-slot', vassalage: 'BGS' });
    expect(value.url).toMatch(/^\/bgs\/play\/bgs-slot\?session=[A-Za-z0-9_-]{40,}$/);
    expect(Date.parse(value.sessionExpiresAt)).toBeGreaterThan(Date.now());
    const sessions = await kit.testApp.database.db
      .selectFrom('game_sessions')
      .select(['vendor_code'])
      .where('member_id', '=', member.memberId)
      .execute();
    expect(sessions).toEqual([{ vendor_code: 'BGS' }]);
    const lottery = await launch(member.token, { vassalage: 'LOTT', gameCode: 'ELOTT' });
    expect(lottery.body.value.url).toBe('/lottert?gameCode=ELOTT');
    const vn = await launch(member.token, { vassalage: 'TCG_LOTTO_VN' });
    expect(vn.body.value.url).toBe('/vnlottery?gameCode=VN');
    expect((await launch(member.token, {})).status).toBe(400);
    expect((await launch(member.token, { gameId: 99_999_999 })).body.code).toBe('not_found');
    expect((await launch(member.token, { vassalage: 'NOPE' })).body.code).toBe('not_found');
  });

  it('refuses a vendor under maintenance with its message and a game switched off as not found', async () => {
    const member = await loggedInMember(kit);
    const dice = await gameOf('gameType=BGS&name=bgs-dice');
    const down = await kit.call('PUT', '/ops/games/vendors/BGS', {
      token: admin,
      body: { maintenance: true, maintenanceMessage: 'BGS is upgrading until 10:00' },
    });
    expect(down.body.value).toMatchObject({ vassalage: 'BGS', maintenance: true });
    expect((await gameOf('gameType=BGS&name=bgs-dice')).maintenance).toBe(true);
    expect(await launch(member.token, { gameId: dice.gameId })).toMatchObject({
      status: 503,
      body: { code: 'game_maintenance', message: 'BGS is upgrading until 10:00' },
    });
    await kit.call('PUT', '/ops/games/vendors/BGS', { token: admin, body: { maintenance: false } });
    expect((await launch(member.token, { gameId: dice.gameId })).status).toBe(200);

    const off = await kit.call('PUT', `/ops/games/games/${dice.gameId}`, {
      token: admin,
      body: { enabled: false },
    });
    expect(off.body.value).toEqual({ gameId: dice.gameId, enabled: false, sortOrder: null, isHot: null });
    expect(await launch(member.token, { gameId: dice.gameId })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const search = await kit.call('GET', '/wps/relay/games_list?name=bgs-dice');
    expect(search.body.value.total).toBe(0);
    await kit.call('PUT', `/ops/games/games/${dice.gameId}`, { token: admin, body: { enabled: true } });
    expect(
      (await kit.call('PUT', '/ops/games/vendors/NOPE', { token: admin, body: { enabled: true } })).status,
    ).toBe(404);
    expect((await kit.call('PUT', '/ops/games/vendors/BGS', { token: admin, body: {} })).status).toBe(400);
    expect(
      (await kit.call('PUT', '/ops/games/vendors/BGS', { token: member.token, body: { enabled: true } }))
        .status,
    ).toBe(401);
  });
});

describe('the catalogue snapshot', () => {
  it('is dropped when another instance changes the catalogue (LISTEN portal_catalogue)', async () => {
    await kit.testApp.app.deps.bus.listen(kit.testApp.database.url);
    const before = await kit.call('GET', '/wps/relay/games_list?gameType=ESPORTS&filter=HOT');
    expect(before.body.value.total).toBe(3);
    const cached = await kit.call('GET', '/wps/relay/games_list?gameType=ESPORTS&filter=HOT');
    expect(cached.body).toEqual(before.body);
    // As another instance or psql would: straight into the table, no call to this instance.
    await kit.testApp.database.db
      .updateTable('merchant_vendors')
      .set({ enabled: false })
      .where('merchant_id', '=', kit.merchantId)
      .where('vendor_code', '=', 'IMES')
      .execute();
    let total = -1;
    for (let attempt = 0; attempt < 50 && total !== 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      total = (await kit.call('GET', '/wps/relay/games_list?gameType=ESPORTS&filter=HOT')).body.value.total;
    }
    expect(total).toBe(0);
    const menus = (await kit.call('GET', '/lgw/games/game_menus')).body.value.menus as { gameType: string }[];
    expect(menus.map((menu) => menu.gameType)).not.toContain('ESPORTS');
    await kit.testApp.database.db
      .updateTable('merchant_vendors')
      .set({ enabled: true })
      .where('merchant_id', '=', kit.merchantId)
      .where('vendor_code', '=', 'IMES')
      .execute();
  });
});

describe('the winner board', () => {
  it('shows the biggest real wins of seamless rounds, masked and in order', async () => {
    const vendor = await kit.testApp.database.db
      .selectFrom('vendors')
      .select('secret')
      .where('code', '=', 'BGS')
      .executeTakeFirstOrThrow();
    const client = new SeamlessVendorClient(portalUrl, 'BGS', vendor.secret);
    const slot = await gameOf('gameType=BGS&name=bgs-slot');
    const wins: [string, string][] = [];
    for (const [index, winAmount] of ['150.00', '2500.00', '40.00'].entries()) {
      const member = await loggedInMember(kit, { username: `winner${index}x${process.pid}` });
      await fund(kit, member.memberId, 100_000n);
      const session = new URL(
        (await launch(member.token, { gameId: slot.gameId })).body.value.url,
        portalUrl,
      );
      const player = { merchantCode: 'demo', playerId: String(member.memberId), currency: 'THB' };
      const roundId = `r-${index}-${process.pid}`;
      const bet = await client.bet({
        ...player,
        sessionToken: session.searchParams.get('session')!,
        amount: '10.00',
        transactionId: `${roundId}-bet`,
        roundId,
        gameCode: 'bgs-slot',
      });
      expect(bet.success).toBe(true);
      const win = await client.win({
        ...player,
        amount: winAmount,
        transactionId: `${roundId}-win`,
        roundId,
        gameCode: 'bgs-slot',
        roundClosed: true,
      });
      expect(win.success).toBe(true);
      expect(await balanceOf(kit, member.token)).toBe((1000 - 10 + Number(winAmount)).toFixed(2));
      wins.push([member.username, winAmount]);
    }
    // The board is cached for a few seconds; a new category/limit key reads it fresh.
    const board = await kit.call('GET', '/wps/relay/games_winners?gameCategory=BGS&limitNum=2&language=EN');
    const list = board.body.value.list as WinnerEntry[];
    expect(list.map((entry) => entry.winAmount)).toEqual(['2500.00', '150.00']);
    expect(list[0]).toMatchObject({
      customerName: `wi***${wins[1]![0].slice(-1)}`,
      gameName: slot.displayName,
      iconUrl: slot.iconUrl,
      vassalage: 'BGS',
      gameCode: 'bgs-slot',
    });
    expect(list[0]!.customerName).not.toContain(wins[1]![0]);
    const other = await kit.call('GET', '/wps/relay/games_winners?gameCategory=LIVE&limitNum=20');
    expect(other.body.value.list).toEqual([]);
  });
});
