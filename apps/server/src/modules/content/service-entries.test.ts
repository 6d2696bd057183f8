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

/** The permission info players read (the directory is refreshed as the change trigger would). */
async function permissionInfo() {
  kit.testApp.app.deps.merchants.invalidate();
  return (await kit.call('GET', '/wps/system/permission')).body.value.info as {
    customerService: Array<{ id: number; name: string; path: string }>;
    resources: Array<{ resourceType: string; url: string; labelNameEn: string }>;
  };
}

describe('customer service entries and resources', () => {
  it('adds, edits and removes a live-chat entry that players then see', async () => {
    const created = await kit.call('POST', '/ops/content/customer-service', {
      token: ops,
      body: { name: 'VIP chat', path: 'https://chat.example/vip', sequence: 5 },
    });
    expect(created.body.value).toMatchObject({ csType: 'CS', name: 'VIP chat' });
    const id = created.body.value.id as number;
    expect((await permissionInfo()).customerService.map((entry) => entry.name)).toContain('VIP chat');
    const edited = await kit.call('PUT', `/ops/content/customer-service/${id}`, {
      token: ops,
      body: { name: 'VIP line', path: 'tel:+66 2 123 4567' },
    });
    expect(edited.body.value.path).toBe('tel:+66 2 123 4567');
    for (const path of ['javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      const refused = await kit.call('POST', '/ops/content/customer-service', {
        token: ops,
        body: { name: 'x', path },
      });
      expect(refused.body.code).toBe('validation_failed');
    }
    expect(
      (await kit.call('DELETE', `/ops/content/customer-service/${id}`, { token: ops })).body.success,
    ).toBe(true);
    expect((await permissionInfo()).customerService.map((entry) => entry.name)).not.toContain('VIP line');
    expect((await kit.call('DELETE', `/ops/content/customer-service/${id}`, { token: ops })).status).toBe(
      404,
    );
  });

  it('adds and edits resources (TELEGRAM, Android...) with http(s) addresses only', async () => {
    const created = await kit.call('POST', '/ops/content/resources', {
      token: ops,
      body: { resourceType: 'TIKTOK', url: 'https://tiktok.example/@demo', labelNameEn: 'TikTok' },
    });
    const id = created.body.value.id as number;
    expect((await permissionInfo()).resources.map((resource) => resource.resourceType)).toContain('TIKTOK');
    const refused = await kit.call('PUT', `/ops/content/resources/${id}`, {
      token: ops,
      body: { resourceType: 'TIKTOK', url: 'javascript:alert(1)', labelNameEn: 'x' },
    });
    expect(refused.body.code).toBe('validation_failed');
    const list = await kit.call('GET', '/ops/content/resources', { token: ops });
    expect(list.body.value.map((resource: { id: number }) => resource.id)).toContain(id);
    await kit.call('DELETE', `/ops/content/resources/${id}`, { token: ops });
    expect((await permissionInfo()).resources.map((resource) => resource.resourceType)).not.toContain(
      'TIKTOK',
    );
  });
});
