import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../test/test-app';

const token = 'metrics-token-0123456789abcdef';
let open: TestApp;
let withToken: TestApp;

beforeAll(async () => {
  open = await buildTestApp();
  withToken = await buildTestApp({ METRICS_TOKEN: token });
});
afterAll(async () => {
  await open.close();
  await withToken.close();
});

describe('/metrics without METRICS_TOKEN: loopback callers only', () => {
  it('answers a caller on this machine, over IPv4 and IPv6 loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const reply = await open.app.inject({ url: '/metrics', remoteAddress });
      expect(reply.statusCode, remoteAddress).toBe(200);
      expect(reply.body).toMatch(/db_pool_connections \d+/);
    }
  });

  it('answers anyone else with the 404 of an unknown path, whatever X-Forwarded-For claims', async () => {
    for (const remoteAddress of ['203.0.113.9', '10.0.0.5', '::ffff:198.51.100.7', '2001:db8::1']) {
      const reply = await open.app.inject({
        url: '/metrics',
        remoteAddress,
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(reply.statusCode, remoteAddress).toBe(404);
      expect(reply.json()).toMatchObject({ success: false, code: 'not_found' });
      expect(reply.body).not.toContain('db_pool');
    }
  });

  it('refuses a forwarded request even from loopback: a reverse proxy on this machine speaks for anyone', async () => {
    for (const headers of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ]) {
      const reply = await open.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1', headers });
      expect(reply.statusCode).toBe(404);
    }
  });
});

describe('/metrics with METRICS_TOKEN: the bearer token from anywhere', () => {
  it('answers the token from a remote scraper', async () => {
    const reply = await withToken.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toMatch(/http_request_duration_seconds/);
  });

  it('refuses a missing or wrong token with 401, loopback included', async () => {
    for (const authorization of [undefined, `Bearer ${token}x`, 'Bearer ', `Basic ${token}`, token]) {
      const reply = await withToken.app.inject({
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(reply.statusCode, String(authorization)).toBe(401);
      expect(reply.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(reply.json()).toMatchObject({ success: false, code: 'unauthorized' });
    }
  });

  it('refuses a token shorter than 16 characters at start-up', () => {
    expect(() => testConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});
