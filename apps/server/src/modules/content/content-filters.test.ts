import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken } from '../../test/content-kit';
import { startPaymentsKit, type PaymentsKit } from '../../test/payments-kit';

let kit: PaymentsKit;
let ops: string;

beforeAll(async () => {
  kit = await startPaymentsKit();
  ops = await operatorToken(kit);
});
afterAll(async () => kit.close());

async function create(path: string, body: object): Promise<string> {
  const reply = await kit.call('POST', path, { token: ops, body });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return String(reply.body.value.id);
}

async function titles(path: string): Promise<string[]> {
  const reply = await kit.call('GET', path, { token: ops });
  expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
  return (reply.body.value.items as { title: string }[]).map((item) => item.title);
}

describe("the operator's content lists", () => {
  it('filter announcements by publishing state and type', async () => {
    const promotion = await create('/ops/content/announcements', {
      contentType: 'PR',
      title: 'Filter promotion',
      content: '<p>10% more</p>',
    });
    await create('/ops/content/announcements', { contentType: 'B', title: 'Filter bulletin', content: 'x' });
    await kit.call('POST', `/ops/content/announcements/${promotion}/publish`, { token: ops });

    const published = await titles('/ops/content/announcements?status=published&pageSize=50');
    expect(published).toContain('Filter promotion');
    expect(published).not.toContain('Filter bulletin');
    const drafts = await titles('/ops/content/announcements?status=unpublished&pageSize=50');
    expect(drafts).toContain('Filter bulletin');
    expect(drafts).not.toContain('Filter promotion');
    const promotions = await titles('/ops/content/announcements?type=PR&pageSize=50');
    expect(promotions).toContain('Filter promotion');
    expect(promotions).not.toContain('Filter bulletin');
    const wrong = await kit.call('GET', '/ops/content/announcements?status=live', { token: ops });
    expect(wrong.body.code).toBe('validation_failed');
  });

  it('filter banners, help articles and messages by publishing state', async () => {
    await create('/ops/content/banners', {
      url: '/filter.png',
      linkageType: 'NONE',
      groupName: 'w_home',
      title: 'Filter banner',
    });
    expect(await titles('/ops/content/banners?status=unpublished')).toContain('Filter banner');
    expect(await titles('/ops/content/banners?status=published')).not.toContain('Filter banner');

    // Help articles are created published.
    const help = await create('/ops/content/help', {
      lang: 'EN',
      term: 'filter-term',
      title: 'Filter help',
      content: 'Text',
    });
    expect(await titles('/ops/content/help?status=published&pageSize=50')).toContain('Filter help');
    await kit.call('POST', `/ops/content/help/${help}/unpublish`, { token: ops });
    expect(await titles('/ops/content/help?status=published&pageSize=50')).not.toContain('Filter help');
    expect(await titles('/ops/content/help?status=unpublished')).toEqual(['Filter help']);

    await create('/ops/messages', { title: 'Filter message', content: 'Hello', audience: 'broadcast' });
    const drafts = await kit.call('GET', '/ops/messages?status=unpublished', { token: ops });
    expect(drafts.body.value).toMatchObject({ total: 1, items: [{ title: 'Filter message' }] });
    expect((await kit.call('GET', '/ops/messages?status=published', { token: ops })).body.value.total).toBe(
      0,
    );
  });
});
