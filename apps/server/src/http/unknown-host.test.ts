import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headers } from '@portal/contracts/calls';
import { buildTestApp, testConfig, type TestApp } from '../test/test-app';

let refusing: TestApp;
let demo: TestApp;

beforeAll(async () => {
  refusing = await buildTestApp({ UNKNOWN_HOST: 'refuse' });
  demo = await buildTestApp();
});
afterAll(async () => {
  await refusing.close();
  await demo.close();
});

describe('UNKNOWN_HOST=refuse (decision 0025)', () => {
  it('refuses API calls and pages on a host no merchant serves with 421 unknown_host', async () => {
    for (const url of ['/wps/system/whitelabel', '/wps/system/status', '/', '/login', '/assets/x.js']) {
      const reply = await refusing.app.inject({ url, headers: { host: 'attacker.example' } });
      expect(reply.statusCode, url).toBe(421);
      expect(reply.json()).toMatchObject({ success: false, code: 'unknown_host', value: null });
      expect(reply.json().message).toMatch(/not served here/);
    }
    const post = await refusing.app.inject({
      method: 'POST',
      url: '/ops/session',
      headers: { host: 'attacker.example' },
      payload: { username: 'admin', password: 'Admin1234' },
    });
    expect(post.statusCode).toBe(421);
  });

  it('refuses an unknown host with an unknown merchant code too', async () => {
    const reply = await refusing.app.inject({
      url: '/wps/system/whitelabel',
      headers: { host: 'attacker.example', [headers.merchantCode]: 'nope' },
    });
    expect(reply.statusCode).toBe(421);
  });

  it('serves a known host, and an unknown host that names a known merchant code', async () => {
    const known = await refusing.app.inject({
      url: '/wps/system/whitelabel',
      headers: { host: 'localhost:8080' },
    });
    expect(known.statusCode).toBe(200);
    const named = await refusing.app.inject({
      url: '/wps/system/whitelabel',
      headers: { host: '10.0.0.5:8080', [headers.merchantCode]: 'demo' },
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().success).toBe(true);
  });

  it('answers the probes and metrics whatever the host', async () => {
    for (const url of ['/healthz', '/readyz', '/metrics']) {
      const reply = await refusing.app.inject({ url, headers: { host: '10.0.0.5:8080' } });
      expect(reply.statusCode, url).toBe(200);
    }
  });
});

describe('UNKNOWN_HOST=default (the demo)', () => {
  it('serves an unknown host as the default merchant', async () => {
    const reply = await demo.app.inject({
      url: '/wps/system/whitelabel',
      headers: { host: 'anything.example' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().success).toBe(true);
  });
});

describe('the UNKNOWN_HOST default', () => {
  it('is refuse in a production start (NODE_ENV=production or SEED_DEMO=false), default otherwise', () => {
    expect(testConfig().unknownHost).toBe('default');
    expect(testConfig({ SEED_DEMO: 'false' }).unknownHost).toBe('refuse');
    expect(testConfig({ NODE_ENV: 'production' }).unknownHost).toBe('refuse');
    expect(testConfig({ SEED_DEMO: 'false', UNKNOWN_HOST: 'default' }).unknownHost).toBe('default');
    expect(() => testConfig({ UNKNOWN_HOST: 'maybe' })).toThrow(/UNKNOWN_HOST/);
  });
});
