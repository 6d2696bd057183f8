import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamePage, OpsGame, OpsVendor } from '@portal/contracts';
import { operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

async function vendors(): Promise<OpsVendor[]> {
  const reply = await kit.call('GET', '/ops/games/vendors', { token: ops });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return reply.body.value as OpsVendor[];
}

async function games(query: string) {
  const reply = await kit.call('GET', `/ops/games/games?${query}`, { token: ops });
  return reply;
}

async function lobbyTotal(vendor: string): Promise<number> {
  const reply = await kit.call('GET', `/wps/relay/games_list?vassalage=${vendor}&pageSize=10`);
  return (reply.body.value as GamePage).total;
}

describe('the console catalogue lists', () => {
  it("lists every vendor with the merchant's switches and game counts, and follows a switch", async () => {
    const before = await vendors();
    expect(before.length).toBeGreaterThanOrEqual(8);
    const ds88 = before.find((vendor) => vendor.vassalage === 'DS88')!;
    expect(ds88).toMatchObject({ enabled: true, maintenance: false });
    expect(ds88.gameCount).toBeGreaterThan(0);
    expect(ds88.enabledGameCount).toBe(await lobbyTotal('DS88'));

    const off = await kit.call('PUT', '/ops/games/vendors/DS88', {
      token: ops,
      body: { enabled: false, maintenanceMessage: 'Back at noon' },
    });
    expect(off.body.success, JSON.stringify(off.body)).toBe(true);
    const after = (await vendors()).find((vendor) => vendor.vassalage === 'DS88')!;
    expect(after).toMatchObject({ enabled: false, maintenanceMessage: 'Back at noon' });
    expect(await lobbyTotal('DS88')).toBe(0);
    await kit.call('PUT', '/ops/games/vendors/DS88', { token: ops, body: { enabled: true } });
  });

  it("pages one vendor's games by name with the switches in force, and answers an override", async () => {
    const page = await games('vendor=DS88&pageSize=5');
    expect(page.body.success, JSON.stringify(page.body)).toBe(true);
    const items = page.body.value.items as OpsGame[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((game) => game.vassalage === 'DS88')).toBe(true);
    const first = items[0]!;

    const hot = await kit.call('PUT', `/ops/games/games/${first.id}`, {
      token: ops,
      body: { isHot: !first.isHot, enabled: false },
    });
    expect(hot.body.success).toBe(true);
    const found = await games(`vendor=DS88&search=${encodeURIComponent(first.name.slice(0, 6))}`);
    const again = (found.body.value.items as OpsGame[]).find((game) => game.id === first.id);
    expect(again).toMatchObject({ isHot: !first.isHot, enabled: false });

    // A search is a pattern of text, never of LIKE wildcards.
    expect((await games('vendor=DS88&search=%25')).body.value.total).toBe(0);
    expect((await games('vendor=NOPE')).body.code).toBe('not_found');
    expect((await games('')).body.value.total).toBeGreaterThanOrEqual(200);
  });
});
