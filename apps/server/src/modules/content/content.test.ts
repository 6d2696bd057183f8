import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchant } from '../../test/factories';
import { expectHarmless, operatorToken, xssCorpus } from '../../test/content-kit';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';
import { createOperator } from '../operators/operators.service';

let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

async function createAnnouncement(body: Record<string, unknown>, publish = true) {
  const created = await kit.call('POST', '/ops/content/announcements', {
    token: ops,
    body: { title: 'Notice', content: '<p>Hello</p>', ...body },
  });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const id = created.body.value.id as string;
  if (publish) await kit.call('POST', `/ops/content/announcements/${id}/publish`, { token: ops });
  return id;
}

async function listIds(query: string, token?: string) {
  const reply = await kit.call('GET', `/wps/relay/${query}`, token ? { token } : {});
  expect(reply.status).toBe(200);
  const value = reply.body.value as { items?: Array<{ id: string }> } | Array<{ id: string }>;
  return (Array.isArray(value) ? value : value.items!).map((item) => item.id);
}

describe('XSS corpus through every HTML field', () => {
  it('stores and serves announcements of every type with nothing executable', async () => {
    for (const [index, payload] of xssCorpus.entries()) {
      // Type H is left to the paging test, which counts its own.
      const contentType = (['B', 'PL', 'PR', 'PU'] as const)[index % 4];
      const created = await kit.call('POST', '/ops/content/announcements', {
        token: ops,
        body: {
          contentType,
          title: `<script>alert(${index})</script>`,
          content: payload,
          popupExecution: contentType === 'PU' ? 'A' : null,
        },
      });
      // A payload that is nothing but disallowed markup is refused outright (nothing stored).
      if (!created.body.success) {
        expect(created.body.code).toBe('content_empty_after_sanitizing');
        continue;
      }
      const id = created.body.value.id as string;
      expectHarmless(created.body.value.content as string);
      await kit.call('POST', `/ops/content/announcements/${id}/publish`, { token: ops });
      const stored = await kit.testApp.database.db
        .selectFrom('announcements')
        .select('content')
        .where('id', '=', BigInt(id))
        .executeTakeFirstOrThrow();
      expectHarmless(stored.content);
      const detail = await kit.call('GET', `/wps/relay/announcement_detail?id=${id}`);
      expectHarmless(detail.body.value.content as string);
      // Titles are text, never HTML: they come back exactly as written, for the client to escape.
      expect(detail.body.value.title).toBe(`<script>alert(${index})</script>`);
    }
    const entity = await createAnnouncement({ contentType: 'B', content: '&lt;script&gt;x&lt;/script&gt;' });
    const served = await kit.call('GET', `/wps/relay/announcement_detail?id=${entity}`);
    expect(served.body.value.content).toBe('&lt;script&gt;x&lt;/script&gt;');
    const safe = await createAnnouncement({ contentType: 'B', content: xssCorpus.at(-1)! });
    const link = (await kit.call('GET', `/wps/relay/announcement_detail?id=${safe}`)).body.value.content;
    expect(link).toContain('<b>bold</b>');
    expect(link).toContain('rel="noopener noreferrer"');
  });

  it('sanitizes again on render: rows written around the API are cleaned when served', async () => {
    const { db } = kit.testApp.database;
    const rows = await db
      .insertInto('announcements')
      .values(
        xssCorpus.map((content) => ({
          merchant_id: kit.merchantId,
          content_type: 'PL' as const,
          title: 'raw',
          content,
          popup_execution: null,
          published: true,
          starts_at: null,
          ends_at: null,
          created_by: null,
        })),
      )
      .returning('id')
      .execute();
    for (const row of rows) {
      const reply = await kit.call('GET', `/wps/relay/announcement_detail?id=${row.id}`);
      expectHarmless(reply.body.value.content as string);
    }
    for (const notice of (await kit.call('GET', '/wps/relay/announcement_notices')).body.value) {
      expectHarmless(notice.content as string);
    }
    const list = await kit.call('GET', '/wps/relay/announcement_list?type=PL&pageSize=9');
    for (const item of list.body.value.items) expectHarmless(item.content as string);
  });

  it('refuses javascript:, data: and protocol-relative image and banner addresses', async () => {
    for (const url of [
      // Outside images would be blocked by the CSP (img-src 'self'), so they are refused up front.
      'https://cdn.example/banner.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      '//evil.example/x.png',
      ' javascript:x',
    ]) {
      const announcement = await kit.call('POST', '/ops/content/announcements', {
        token: ops,
        body: { contentType: 'B', title: 't', content: 'x', announcementImages: [{ url, sequence: 0 }] },
      });
      expect(announcement.body.code).toBe('validation_failed');
      const banner = await kit.call('POST', '/ops/content/banners', {
        token: ops,
        body: { url, linkageType: 'NONE', groupName: 'w_home', title: 't' },
      });
      expect(banner.body.code).toBe('validation_failed');
    }
    const route = await kit.call('POST', '/ops/content/banners', {
      token: ops,
      body: {
        url: '/b.png',
        linkageType: 'URL',
        linkageValue: 'javascript:alert(1)',
        groupName: 'w_home',
        title: 't',
      },
    });
    expect(route.body.code).toBe('validation_failed');
  });
});

describe('announcements and promotions', () => {
  it('pages visible announcements 9 at a time and hides drafts and unpublished ones', async () => {
    const merchantIds = [];
    for (let index = 0; index < 11; index += 1)
      merchantIds.push(await createAnnouncement({ contentType: 'H' }));
    const draft = await createAnnouncement({ contentType: 'H' }, false);
    const first = await kit.call('GET', '/wps/relay/announcement_list?type=H');
    expect(first.body.value).toMatchObject({ pageNo: 1, pageSize: 9, total: 11, totalPages: 2 });
    expect(first.body.value.items).toHaveLength(9);
    const second = await listIds('announcement_list?type=H&pageNo=2');
    expect(second).toHaveLength(2);
    expect([...(await listIds('announcement_list?type=H')), ...second].sort()).toEqual(
      [...merchantIds].sort(),
    );
    expect((await kit.call('GET', `/wps/relay/announcement_detail?id=${draft}`)).status).toBe(404);
    await kit.call('POST', `/ops/content/announcements/${merchantIds[0]}/unpublish`, { token: ops });
    expect(await listIds('announcement_list?type=H&pageNo=2')).toHaveLength(1);
    expect((await kit.call('GET', '/wps/relay/announcement_list?pageSize=10')).body.code).toBe(
      'validation_failed',
    );
  });

  it('shows scheduled items only inside their window', async () => {
    const future = await createAnnouncement({ contentType: 'PR', startsAt: at(hour), endsAt: at(2 * hour) });
    const past = await createAnnouncement({ contentType: 'PR', startsAt: at(-2 * hour), endsAt: at(-hour) });
    const open = await createAnnouncement({ contentType: 'PR', startsAt: at(-hour), endsAt: at(hour) });
    const ids = await listIds('announcement_list?type=PR');
    expect(ids).toContain(open);
    expect(ids).not.toContain(future);
    expect(ids).not.toContain(past);
    // Moving the window (an edit) makes the future promotion live; its published state stays.
    const edited = await kit.call('PUT', `/ops/content/announcements/${future}`, {
      token: ops,
      body: { contentType: 'PR', title: 'Now', content: '<p>now</p>', startsAt: at(-60_000), endsAt: null },
    });
    expect(edited.body.value).toMatchObject({ published: true, title: 'Now' });
    expect(await listIds('announcement_list?type=PR')).toContain(future);
    const backwards = await kit.call('POST', '/ops/content/announcements', {
      token: ops,
      body: { contentType: 'PR', title: 't', content: 'x', startsAt: at(hour), endsAt: at(-hour) },
    });
    expect(backwards.body.code).toBe('validation_failed');
    expect(backwards.body.message).toContain('endsAt');
  });

  it('answers popups per execution: A everyone, B visitors, F members once for good', async () => {
    const all = await createAnnouncement({ contentType: 'PU', popupExecution: 'A' });
    const before = await createAnnouncement({ contentType: 'PU', popupExecution: 'B' });
    const first = await createAnnouncement({ contentType: 'PU', popupExecution: 'F' });
    const member = await loggedInMember(kit);
    const visitor = await listIds('announcement_popups');
    expect(visitor).toEqual(expect.arrayContaining([all, before]));
    expect(visitor).not.toContain(first);
    const logged = await listIds('announcement_popups', member.token);
    expect(logged).toEqual(expect.arrayContaining([all, first]));
    expect(logged).not.toContain(before);
    const seen = await kit.call('POST', '/wps/relay/announcement_popupSeen', {
      token: member.token,
      body: { id: first },
    });
    expect(seen.body.success).toBe(true);
    expect(await listIds('announcement_popups', member.token)).not.toContain(first);
    expect(await listIds('announcement_popups', (await loggedInMember(kit)).token)).toContain(first);
    const noExecution = await kit.call('POST', '/ops/content/announcements', {
      token: ops,
      body: { contentType: 'PU', title: 't', content: 'x' },
    });
    expect(noExecution.body.code).toBe('validation_failed');
  });

  it('keeps merchants apart and lets only content roles write', async () => {
    const other = await buildMerchant(kit.testApp.database.db, { domains: ['content-other.example'] });
    kit.testApp.app.deps.merchants.invalidate();
    await createOperator(kit.testApp.database.db, {
      merchantId: kit.merchantId,
      username: 'money',
      password: 'Finance123',
      role: 'finance',
    });
    const finance = await operatorToken(kit, 'money', 'Finance123');
    const refused = await kit.call('POST', '/ops/content/announcements', {
      token: finance,
      body: { contentType: 'B', title: 't', content: 'x' },
    });
    expect(refused.status).toBe(403);
    expect((await kit.call('GET', '/ops/content/announcements', { token: finance })).status).toBe(200);
    const id = await createAnnouncement({ contentType: 'B' });
    const response = await kit.testApp.app.inject({
      method: 'GET',
      url: `/wps/relay/announcement_detail?id=${id}`,
      headers: { host: 'content-other.example' },
    });
    expect(response.statusCode).toBe(404);
    const otherList = await kit.testApp.app.inject({
      method: 'GET',
      url: '/wps/relay/announcement_list',
      headers: { host: 'content-other.example' },
    });
    expect(otherList.json().value.total).toBe(0);
    expect(other.id).not.toBe(kit.merchantId);
  });
});

describe('banners and images', () => {
  it('lists published banners per group in sequence and inside their window', async () => {
    const make = async (body: Record<string, unknown>) => {
      const reply = await kit.call('POST', '/ops/content/banners', {
        token: ops,
        body: {
          url: '/content/banner-1.svg',
          linkageType: 'ROUTE',
          linkageValue: '/promotions',
          title: 'B',
          ...body,
        },
      });
      expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
      await kit.call('POST', `/ops/content/banners/${reply.body.value.id}/publish`, { token: ops });
      return reply.body.value.id as string;
    };
    const second = await make({ groupName: 'w_game', sequence: 2 });
    const first = await make({
      groupName: 'w_game',
      sequence: 1,
      linkageType: 'GAME',
      linkageValue: 'SIM:slot-1',
    });
    const later = await make({ groupName: 'w_game', startsAt: at(hour) });
    await make({ groupName: 'w_login' });
    const game = (await kit.call('GET', '/wps/relay/banner_list?groupName=w_game')).body.value;
    expect(game.map((banner: { id: string }) => banner.id)).toEqual([first, second]);
    expect(game[0]).toMatchObject({ linkageType: 'GAME', linkageValue: 'SIM:slot-1', groupName: 'w_game' });
    expect(game.map((banner: { id: string }) => banner.id)).not.toContain(later);
    expect((await kit.call('GET', '/wps/relay/banner_list?groupName=w_nowhere')).status).toBe(400);
  });

  it('accepts PNG and JPEG uploads by content only and serves them', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(64, 1),
    ]);
    const uploaded = await kit.call('POST', '/ops/content/images', {
      token: ops,
      body: { image: png.toString('base64') },
    });
    expect(uploaded.body.value.url).toMatch(/^\/wps\/content\/images\/content\/\d{4}-\d{2}\/[\w-]{22}\.png$/);
    const served = await kit.testApp.app.inject({
      method: 'GET',
      url: uploaded.body.value.url,
      headers: { host: 'localhost' },
    });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>').toString('base64');
    expect(
      (await kit.call('POST', '/ops/content/images', { token: ops, body: { image: svg } })).body.code,
    ).toBe('invalid_image');
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]).toString('base64');
    expect((await kit.call('POST', '/ops/content/images', { token: ops, body: { image: big } })).status).toBe(
      413,
    );
    const proofPath = await kit.testApp.app.inject({
      method: 'GET',
      url: '/wps/content/images/deposits/2026-01/AAAAAAAAAAAAAAAAAAAAAA.png',
      headers: { host: 'localhost' },
    });
    expect(proofPath.statusCode).toBe(404);
  });
});

describe('help articles', () => {
  it('creates, edits and unpublishes articles with term anchors', async () => {
    const created = await kit.call('POST', '/ops/content/help', {
      token: ops,
      body: { lang: 'EN', term: 'withdraw-times', title: 'Withdrawal times', content: 'Within 24 hours.' },
    });
    expect(created.body.value).toMatchObject({ term: 'withdraw-times', published: true });
    const terms = async () =>
      (await kit.call('GET', '/wps/system/helpCenter?lang=EN&device=WEB')).body.value.articles.map(
        (article: { term: string }) => article.term,
      );
    expect(await terms()).toContain('withdraw-times');
    const duplicate = await kit.call('POST', '/ops/content/help', {
      token: ops,
      body: { lang: 'EN', term: 'withdraw-times', title: 'Again', content: 'x' },
    });
    expect(duplicate.body.code).toBe('help_term_taken');
    await kit.call('POST', `/ops/content/help/${created.body.value.id}/unpublish`, { token: ops });
    expect(await terms()).not.toContain('withdraw-times');
    expect((await kit.call('POST', '/ops/content/help/999999999/publish', { token: ops })).status).toBe(404);
    // Past the integer key's range the id is refused as input, never looked up.
    expect((await kit.call('POST', '/ops/content/help/99999999999/publish', { token: ops })).status).toBe(
      400,
    );
  });
});
