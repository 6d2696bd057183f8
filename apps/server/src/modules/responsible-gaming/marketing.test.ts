import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, operatorToken, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

/**
 * No marketing for a player on a break or self-excluded (issue 17, docs/responsible-gaming.md): no
 * popups, no promotions in the announcement list, its detail or member info's count, no broadcast
 * messages (broadcasts are the marketing channel; messages addressed to the player still arrive), and no
 * reward activities, red envelopes or raffles to list or claim. Taking a block ends the player's sessions,
 * so here the block is written straight to its table while the session lives on: the checks under test
 * are the ones marketing makes itself, whatever session a blocked player might still hold.
 */
let kit: PaymentsKit;
let ops: string;
const hour = 3_600_000;
const ids = { promotion: '', bulletin: '', popup: '', activity: '', envelope: '' };

async function block(memberId: number) {
  await kit.testApp.database.db
    .insertInto('rg_blocks')
    .values({
      merchant_id: kit.merchantId,
      member_id: memberId,
      kind: 'self_exclusion',
      started_at: new Date(Date.now() - hour),
      ends_at: new Date(Date.now() + 180 * 24 * hour),
      all_merchants: false,
    })
    .execute();
}

async function announcement(contentType: 'PR' | 'B' | 'PU', title: string) {
  const row = await kit.testApp.database.db
    .insertInto('announcements')
    .values({
      merchant_id: kit.merchantId,
      content_type: contentType,
      title,
      content: `<p>${title}</p>`,
      popup_execution: contentType === 'PU' ? 'A' : null,
      published: true,
      starts_at: null,
      ends_at: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id.toString();
}

async function message(audience: 'broadcast' | 'members', title: string, to?: number) {
  const db = kit.testApp.database.db;
  const row = await db
    .insertInto('messages')
    .values({
      merchant_id: kit.merchantId,
      audience,
      title,
      content: `<p>${title}</p>`,
      published: true,
      starts_at: null,
      ends_at: null,
      created_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (to !== undefined) {
    await db.insertInto('message_recipients').values({ message_id: row.id, member_id: to }).execute();
  }
}

beforeAll(async () => {
  kit = await startPaymentsKit({ TRUST_PROXY: 'true' });
  ops = await operatorToken(kit);
  ids.promotion = await announcement('PR', 'Weekend reload bonus');
  ids.bulletin = await announcement('B', 'Maintenance on Sunday');
  ids.popup = await announcement('PU', 'Big jackpot tonight');
  const activity = await kit.call('POST', '/ops/rewards/activities', {
    token: ops,
    body: {
      title: 'Say hello on Zalo',
      rules: { kind: 'social_contact', amount: '5.00' },
      startsAt: new Date(Date.now() - hour).toISOString(),
    },
  });
  expect(activity.body.success, JSON.stringify(activity.body)).toBe(true);
  ids.activity = activity.body.value.activity.id as string;
  const envelope = await kit.call('POST', '/ops/rewards/red-envelopes', {
    token: ops,
    body: {
      title: 'Lucky envelope',
      pool: '10.00',
      shares: 2,
      startsAt: new Date(Date.now() - hour).toISOString(),
      endsAt: new Date(Date.now() + hour).toISOString(),
    },
  });
  expect(envelope.body.success, JSON.stringify(envelope.body)).toBe(true);
  ids.envelope = envelope.body.value.envelope.id as string;
}, 30_000);
afterAll(async () => kit?.close());

/** Two logged-in players, one of them self-excluded while their session lives on. */
async function players() {
  const free = await loggedInMember(kit);
  const blocked = await loggedInMember(kit);
  await block(blocked.memberId);
  return { free, blocked };
}

const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);

describe('marketing for a player on a break or self-excluded', () => {
  it('shows no popups and no promotions, but the other announcements', async () => {
    const { free, blocked } = await players();
    const list = async (token: string | undefined, query = '') =>
      (await kit.call('GET', `/wps/relay/announcement_list?pageNo=1${query}`, { token })).body.value as {
        items: Array<{ title: string; contentType: string }>;
        total: number;
      };

    const freePromotions = await list(free.token, '&type=PR');
    expect(titles(freePromotions.items)).toContain('Weekend reload bonus');
    expect(await list(blocked.token, '&type=PR')).toMatchObject({ items: [], total: 0 });
    // Every other announcement still shows: all of them less the promotions.
    const everything = await list(free.token);
    const blockedEverything = await list(blocked.token);
    expect(blockedEverything.total).toBe(everything.total - freePromotions.total);
    expect(blockedEverything.items.filter((item) => item.contentType === 'PR')).toEqual([]);
    expect(titles((await list(blocked.token, '&type=B')).items)).toContain('Maintenance on Sunday');
    // A visitor is nobody's block.
    expect(titles((await list(undefined, '&type=PR')).items)).toContain('Weekend reload bonus');

    const detail = (token: string, id: string) =>
      kit.call('GET', `/wps/relay/announcement_detail?id=${id}`, { token });
    expect((await detail(free.token, ids.promotion)).body.success).toBe(true);
    expect((await detail(blocked.token, ids.promotion)).body.code).toBe('announcement_not_found');
    expect((await detail(blocked.token, ids.bulletin)).body.success).toBe(true);

    const popups = async (token: string) =>
      titles((await kit.call('GET', '/wps/relay/announcement_popups', { token })).body.value);
    expect(await popups(free.token)).toContain('Big jackpot tonight');
    expect(await popups(blocked.token)).toEqual([]);

    const promos = async (token: string) =>
      (await kit.call('GET', '/wps/member/info', { token })).body.value.availablePromos as number;
    expect(await promos(free.token)).toBeGreaterThan(0);
    expect(await promos(blocked.token)).toBe(0);
  });

  it('leaves broadcast messages out of the inbox and its counts, and still delivers messages to the player', async () => {
    const { free, blocked } = await players();
    await message('broadcast', 'Double points this weekend');
    await message('members', 'Your feedback was answered', blocked.memberId);
    await message('members', 'Your feedback was answered', free.memberId);
    const inbox = async (token: string) =>
      (await kit.call('GET', '/wps/relay/message_list?pageNo=1&pageSize=50', { token })).body.value as {
        items: Array<{ title: string }>;
      };
    const unread = async (token: string) =>
      (await kit.call('GET', '/wps/relay/message_unreadCount', { token })).body.value.messages as number;

    expect(titles((await inbox(free.token)).items)).toEqual(
      expect.arrayContaining(['Double points this weekend', 'Your feedback was answered']),
    );
    expect(titles((await inbox(blocked.token)).items)).toEqual(['Your feedback was answered']);
    expect(await unread(blocked.token)).toBe(1);
    expect(await unread(free.token)).toBeGreaterThanOrEqual(2);
    // Marking everything read marks only what the player can see.
    const marked = await kit.call('POST', '/wps/relay/message_read', {
      token: blocked.token,
      body: { all: true },
    });
    expect(marked.body.value).toEqual({ marked: 1 });
  });

  it('lists no reward activities, red envelopes or raffles and refuses their claims', async () => {
    const { free, blocked } = await players();
    const activities = async (token: string) =>
      (await kit.call('GET', '/wps/rewards/activities', { token })).body.value.activities as Array<{
        id: string;
      }>;
    expect((await activities(free.token)).map((row) => row.id)).toContain(ids.activity);
    expect(await activities(blocked.token)).toEqual([]);
    const join = await kit.call('POST', `/wps/rewards/activities/${ids.activity}/join`, {
      token: blocked.token,
    });
    expect([join.status, join.body.code]).toEqual([403, 'rg_no_promotions']);
    const claim = await kit.call('POST', `/wps/rewards/activities/${ids.activity}/claim`, {
      token: blocked.token,
      body: { contact: { app: 'zalo', id: 'zalo-123' } },
    });
    expect([claim.status, claim.body.code]).toEqual([403, 'rg_no_promotions']);

    const envelopes = async (token: string) =>
      (await kit.call('GET', '/wps/rewards/red-envelopes', { token })).body.value.envelopes as Array<{
        id: string;
      }>;
    expect((await envelopes(free.token)).map((row) => row.id)).toContain(ids.envelope);
    expect(await envelopes(blocked.token)).toEqual([]);
    const grab = await kit.call('POST', `/wps/rewards/red-envelopes/${ids.envelope}/claim`, {
      token: blocked.token,
    });
    expect([grab.status, grab.body.code]).toEqual([403, 'rg_no_promotions']);
    const raffles = await kit.call('GET', '/wps/rewards/raffles', { token: blocked.token });
    expect(raffles.body.value).toEqual({ raffles: [] });

    // Nothing was claimed or paid for the blocked player.
    const db = kit.testApp.database.db;
    const claims = await db
      .selectFrom('reward_claims')
      .select('id')
      .where('member_id', '=', blocked.memberId)
      .execute();
    expect(claims).toEqual([]);
  });
});
