import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamePage, LaunchedGame } from '@portal/contracts';
import { vendorAdapterOf } from '../modules/vendors/vendor-adapter';
import {
  assertBooksBalance,
  balanceOf,
  fund,
  loggedInMember,
  operatorToken,
  startPaymentsKit,
  type PaymentsKit,
} from '../test/payments-kit';
import { connectSimulatorGames } from './demo-vendor';
import { startVendorSimulator, type VendorSimulator } from './simulator';

let kit: PaymentsKit;
let sim: VendorSimulator;

beforeAll(async () => {
  kit = await startPaymentsKit();
  const portalUrl = await kit.testApp.app.listen({ host: '127.0.0.1', port: 0 });
  sim = await startVendorSimulator({ port: 0, portalUrl });
  const connected = await connectSimulatorGames(kit.testApp.database.db, sim);
  expect(connected.sort()).toEqual(['DS88', 'IMES', 'SIMFISH', 'SIMLIVE', 'SIMPVP', 'SIMSLOT', 'SIMSPORT']);
  // No LISTEN connection in this test: drop the snapshot the launch addresses changed.
  kit.testApp.app.deps.catalogue.invalidate();
});
afterAll(async () => {
  await sim.close();
  await kit.close();
});

async function launchFirst(token: string, query: string): Promise<LaunchedGame> {
  const page = (await kit.call('GET', `/wps/relay/games_list?${query}`)).body.value as GamePage;
  const reply = await kit.call('POST', '/wps/game/launchGame', {
    token,
    body: { gameId: page.content[0]!.gameId },
  });
  expect(reply.status).toBe(200);
  return reply.body.value as LaunchedGame;
}

/** Opens the simulator's game page as the popup's frame would and returns the table id it holds. */
async function openPage(url: string): Promise<{ vendor: string; table: string; csp: string }> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain('<script src="/games/assets/play.js"></script>');
  expect(html).not.toMatch(/<script>|style=/);
  const match = /data-vendor="([A-Z0-9_]+)" data-table="([A-Za-z0-9_-]+)"/.exec(html);
  expect(match).not.toBeNull();
  // The session token never reaches the page: the simulator keeps it.
  expect(html).not.toContain(new URL(url).searchParams.get('token')!);
  return {
    vendor: match![1]!,
    table: match![2]!,
    csp: response.headers.get('content-security-policy') ?? '',
  };
}

async function play(vendor: string, body: object) {
  const response = await fetch(`${sim.url}/games/${vendor}/play`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string | boolean> };
}

describe('the outside-vendor simulator game path', () => {
  it('launch -> simulator page -> signed bet and win -> the balance moves at the portal', async () => {
    const member = await loggedInMember(kit);
    await fund(kit, member.memberId, 100_000n);
    const launched = await launchFirst(member.token, 'gameType=ESPORTS&vassalage=IMES');
    expect(launched.url.startsWith(`${sim.url}/games/IMES/launch?token=`)).toBe(true);
    const page = await openPage(launched.url);
    expect(page.csp).toContain("script-src 'self'");
    const script = await fetch(`${sim.url}/games/assets/play.js`);
    expect(script.headers.get('content-type')).toContain('javascript');

    const balance = await fetch(`${sim.url}/games/IMES/balance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ table: page.table }),
    });
    expect(await balance.json()).toEqual({ balance: '1000.00' });

    let expected = 100_000;
    let wins = 0;
    for (let round = 0; round < 12; round += 1) {
      const reply = await play('IMES', { table: page.table, stake: '10.00', pick: 'red' });
      expect(reply.status).toBe(200);
      expected += -1_000 + (reply.body.won ? 1_900 : 0);
      if (reply.body.won) wins += 1;
      expect(reply.body.balance).toBe((expected / 100).toFixed(2));
    }
    expect(await balanceOf(kit, member.token)).toBe((expected / 100).toFixed(2));
    const rounds = await kit.testApp.database.db
      .selectFrom('game_rounds')
      .select(['vendor_code', 'bet_minor', 'win_minor', 'status'])
      .where('member_id', '=', member.memberId)
      .execute();
    expect(rounds).toHaveLength(12);
    expect(rounds.every((row) => row.vendor_code === 'IMES' && row.status === 'closed')).toBe(true);
    expect(rounds.filter((row) => row.win_minor > 0n)).toHaveLength(wins);
    await assertBooksBalance(kit);
  });

  it('plays every simulated kind and refuses bad plays without moving money', async () => {
    const member = await loggedInMember(kit);
    await fund(kit, member.memberId, 50_000n);
    const picks: Record<string, string | undefined> = {
      SIMSPORT: 'home',
      DS88: 'meron',
      SIMLIVE: 'banker',
      SIMPVP: 'dragon',
      SIMFISH: undefined,
      SIMSLOT: undefined,
    };
    for (const [vendor, pick] of Object.entries(picks)) {
      const page = await openPage((await launchFirst(member.token, `vassalage=${vendor}`)).url);
      const reply = await play(vendor, { table: page.table, stake: '1.00', ...(pick ? { pick } : {}) });
      expect(reply.status, vendor).toBe(200);
      expect(reply.body.roundId).toMatch(new RegExp(`^${vendor}-`));
    }
    const before = await balanceOf(kit, member.token);
    const page = await openPage((await launchFirst(member.token, 'vassalage=DS88')).url);
    expect((await play('DS88', { table: page.table, stake: '10.00', pick: 'nobody' })).body.code).toBe(
      'invalid_pick',
    );
    expect((await play('DS88', { table: page.table, stake: '0.50', pick: 'wala' })).body.code).toBe(
      'invalid_stake',
    );
    expect((await play('DS88', { table: page.table, stake: 'ten', pick: 'wala' })).status).toBe(400);
    expect((await play('DS88', { table: 'x'.repeat(24), stake: '1.00', pick: 'wala' })).status).toBe(404);
    expect((await play('IMES', { table: page.table, stake: '1.00', pick: 'red' })).status).toBe(404);
    const tooMuch = await play('DS88', { table: page.table, stake: '9999.00', pick: 'wala' });
    expect(tooMuch.body.code).toBe('insufficient_funds');
    expect(await balanceOf(kit, member.token)).toBe(before);
    const invalid = await fetch(`${sim.url}/games/DS88/launch?token=short`);
    expect(invalid.status).toBe(400);
  });

  it('publishes each vendor catalogue signed, which the hosted adapter reads', async () => {
    const vendor = await kit.testApp.database.db
      .selectFrom('vendors')
      .select(['code', 'secret', 'launch_url'])
      .where('code', '=', 'DS88')
      .executeTakeFirstOrThrow();
    const adapter = vendorAdapterOf(
      { code: vendor.code, launchKind: 'hosted', launchUrl: vendor.launch_url, secret: vendor.secret },
      { timeoutMs: 2_000 },
    );
    const games = await adapter.syncCatalogue!();
    expect(games).toHaveLength(10);
    expect(games[0]).toEqual({ gameCode: 'ds88-pit', displayName: 'Cockfight Pit', gameType: 'COCKFIGHT' });
    const stranger = vendorAdapterOf(
      { code: vendor.code, launchKind: 'hosted', launchUrl: vendor.launch_url, secret: 'wrong'.repeat(8) },
      { timeoutMs: 2_000 },
    );
    await expect(stranger.syncCatalogue!()).rejects.toThrow();
  });

  it('syncs the portal catalogue from the vendor list: adds, renames, switches off and back on', async () => {
    const db = kit.testApp.database.db;
    const admin = await operatorToken(kit);
    const sync = () => kit.call('POST', '/ops/games/vendors/DS88/sync', { token: admin });
    expect((await sync()).body.value).toEqual({ vassalage: 'DS88', added: 0, updated: 0, disabled: 0 });
    await db
      .deleteFrom('games')
      .where('vendor_code', '=', 'DS88')
      .where('game_code', '=', 'ds88-009')
      .execute();
    await db
      .updateTable('games')
      .set({ display_name: 'Old name' })
      .where('game_code', '=', 'ds88-002')
      .execute();
    await db.updateTable('games').set({ enabled: false }).where('game_code', '=', 'ds88-003').execute();
    await db
      .insertInto('games')
      .values({
        vendor_code: 'DS88',
        game_code: 'ds88-retired',
        display_name: 'Retired',
        game_type: 'COCKFIGHT',
        icon_url: '/media/games/DS88/ds88-retired.svg',
        large_icon_url: '/media/games/DS88/ds88-retired.large.svg',
      })
      .execute();
    expect((await sync()).body.value).toEqual({ vassalage: 'DS88', added: 1, updated: 2, disabled: 1 });
    const listed = await kit.call('GET', '/wps/relay/games_list?vassalage=DS88&pageSize=100');
    const codes = (listed.body.value as GamePage).content.map((game) => game.gameCode);
    expect(codes).toContain('ds88-009');
    expect(codes).toContain('ds88-003');
    expect(codes).not.toContain('ds88-retired');
    expect((await kit.call('POST', '/ops/games/vendors/BGS/sync', { token: admin })).body.code).toBe(
      'catalogue_not_published',
    );
    expect((await kit.call('POST', '/ops/games/vendors/NOPE/sync', { token: admin })).status).toBe(404);
  });
});
