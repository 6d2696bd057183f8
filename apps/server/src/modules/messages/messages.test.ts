import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHarmless, operatorToken, xssCorpus } from '../../test/content-kit';
import { buildMember, buildMerchant } from '../../test/factories';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

async function send(body: Record<string, unknown>, publish = true) {
  const created = await kit.call('POST', '/ops/messages', {
    token: ops,
    body: { title: 'Hello', content: '<p>Welcome</p>', audience: 'broadcast', ...body },
  });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const id = created.body.value.id as string;
  if (publish) await kit.call('POST', `/ops/messages/${id}/publish`, { token: ops });
  return id;
}

async function inbox(token: string, query = '') {
  const reply = await kit.call('GET', `/wps/relay/message_list${query}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.value as { items: Array<{ id: string; read: boolean; content: string }>; total: number };
}

const unread = async (token: string) =>
  (await kit.call('GET', '/wps/relay/message_unreadCount', { token })).body.value as {
    missions: number;
    messages: number;
    rewards: number;
  };

describe('messageV2', () => {
  it('keeps targeted messages to their recipients and counts unread for the badges', async () => {
    const alice = await loggedInMember(kit);
    const bob = await loggedInMember(kit);
    const broadcast = await send({});
    const toAlice = await send({ audience: 'members', usernames: [alice.username.toUpperCase()] });
    const draft = await send({ audience: 'members', usernames: [alice.username] }, false);

    const aliceIds = (await inbox(alice.token)).items.map((item) => item.id);
    expect(aliceIds).toEqual(expect.arrayContaining([broadcast, toAlice]));
    expect(aliceIds).not.toContain(draft);
    const bobIds = (await inbox(bob.token)).items.map((item) => item.id);
    expect(bobIds).toContain(broadcast);
    expect(bobIds).not.toContain(toAlice);

    expect(await unread(alice.token)).toEqual({ missions: 0, messages: aliceIds.length, rewards: 0 });
    const info = await kit.call('GET', '/wps/member/info', { token: alice.token });
    expect(info.body.value.unreadMessages).toBe(aliceIds.length);

    // Bob cannot mark Alice's message read; the call ignores ids outside his inbox.
    const sneaky = await kit.call('POST', '/wps/relay/message_read', {
      token: bob.token,
      body: { ids: [toAlice] },
    });
    expect(sneaky.body.value).toEqual({ marked: 0 });
    expect((await inbox(alice.token)).items.find((item) => item.id === toAlice)?.read).toBe(false);

    const marked = await kit.call('POST', '/wps/relay/message_read', {
      token: alice.token,
      body: { ids: [toAlice] },
    });
    expect(marked.body.value).toEqual({ marked: 1 });
    expect((await unread(alice.token)).messages).toBe(aliceIds.length - 1);
    expect((await inbox(alice.token, '?unreadOnly=true')).items.map((item) => item.id)).not.toContain(
      toAlice,
    );
    await kit.call('POST', '/wps/relay/message_read', { token: alice.token, body: { all: true } });
    expect((await unread(alice.token)).messages).toBe(0);
    expect((await unread(bob.token)).messages).toBeGreaterThan(0);
  });

  it('keeps merchants apart: another merchant’s members see none of these messages', async () => {
    const { db } = kit.testApp.database;
    const merchant = await buildMerchant(db, { domains: ['messages-other.example'] });
    kit.testApp.app.deps.merchants.invalidate();
    const stranger = await buildMember(db, { merchantId: merchant.id });
    await send({});
    // A targeted send may not name another merchant's member.
    const across = await kit.call('POST', '/ops/messages', {
      token: ops,
      body: { title: 'x', content: 'x', audience: 'members', usernames: [stranger.username] },
    });
    expect(across.body.code).toBe('message_recipient_unknown');
    const rows = await db.selectFrom('message_recipients').select('member_id').execute();
    expect(rows.map((row) => row.member_id)).not.toContain(stranger.id);
    // A player token of this merchant is no session on the other merchant's host.
    const member = await loggedInMember(kit);
    const elsewhere = await kit.testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/message_list',
      headers: { host: 'messages-other.example', authorization: `Bearer ${member.token}` },
    });
    expect(elsewhere.statusCode).toBe(401);
    // Operators are merchant-bound too.
    const opsElsewhere = await kit.testApp.app.inject({
      method: 'GET',
      url: '/ops/messages',
      headers: { host: 'messages-other.example', authorization: `Bearer ${ops}` },
    });
    expect(opsElsewhere.statusCode).toBe(401);
  });

  it('schedules messages, edits them and withdraws them', async () => {
    const member = await loggedInMember(kit);
    const later = await send({ startsAt: new Date(Date.now() + 3_600_000).toISOString() });
    const expired = await send({
      startsAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: new Date(Date.now() - 3_600_000).toISOString(),
    });
    const live = await send({ title: 'Live' });
    const ids = (await inbox(member.token)).items.map((item) => item.id);
    expect(ids).toContain(live);
    expect(ids).not.toContain(later);
    expect(ids).not.toContain(expired);
    await kit.call('POST', `/ops/messages/${live}/unpublish`, { token: ops });
    expect((await inbox(member.token)).items.map((item) => item.id)).not.toContain(live);
    const edited = await kit.call('PUT', `/ops/messages/${later}`, {
      token: ops,
      body: { title: 'Now', content: '<p>now</p>', audience: 'broadcast', startsAt: null },
    });
    expect(edited.body.value).toMatchObject({ title: 'Now', published: true });
    expect((await inbox(member.token)).items.map((item) => item.id)).toContain(later);
    const switched = await kit.call('PUT', `/ops/messages/${later}`, {
      token: ops,
      body: { title: 'x', content: 'x', audience: 'members', usernames: [member.username] },
    });
    expect(switched.body.code).toBe('message_audience_fixed');
    const listed = await kit.call('GET', '/ops/messages', { token: ops });
    expect(listed.body.value.total).toBeGreaterThan(0);
  });

  it('sanitizes message HTML on save and on render', async () => {
    const member = await loggedInMember(kit);
    for (const payload of xssCorpus) {
      const created = await kit.call('POST', '/ops/messages', {
        token: ops,
        body: { title: 'x', content: payload, audience: 'members', usernames: [member.username] },
      });
      if (!created.body.success) {
        expect(created.body.code).toBe('content_empty_after_sanitizing');
        continue;
      }
      expectHarmless(created.body.value.content as string);
      await kit.call('POST', `/ops/messages/${created.body.value.id}/publish`, { token: ops });
    }
    await kit.testApp.database.db
      .insertInto('messages')
      .values(
        xssCorpus.map((content) => ({
          merchant_id: kit.merchantId,
          audience: 'broadcast' as const,
          title: 'raw',
          content,
          published: true,
          starts_at: null,
          ends_at: null,
          created_by: null,
        })),
      )
      .execute();
    const page = await inbox(member.token, '?pageSize=50');
    expect(page.items.length).toBeGreaterThan(xssCorpus.length);
    for (const item of page.items) expectHarmless(item.content);
  });
});
