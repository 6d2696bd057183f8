import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

let testApp: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Portal</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(distDir, 'assets', 'index-AbCdEf12.js'), 'console.log(1)');
  fs.writeFileSync(
    path.join(distDir, 'assets', 'index-AbCdEf12.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  fs.writeFileSync(path.join(distDir, 'theme-init.js'), 'void 0');
  testApp = await buildTestApp({
    WEB_DIST_DIR: distDir,
    BODY_LIMIT_BYTES: '2048',
    RATE_LIMIT_PER_MINUTE: '1000',
  });
  testApp.app.get('/wps/test/explode', async () => {
    throw new Error('secret internal detail at /srv/app.ts:42');
  });
  testApp.app.post('/wps/test/echo', async (request) => ({
    success: true,
    value: request.body,
    message: '',
  }));
});
afterAll(async () => {
  await testApp.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('error envelope', () => {
  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'No such endpoint: GET /wps/no/such/thing',
      code: 'not_found',
    });
  });

  it('answers malformed JSON with 400 and changes nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'malformed_json' });
  });

  it('answers a body over the limit with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/wps/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ text: 'x'.repeat(5000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false, code: 'payload_too_large' });
  });

  it('answers an unexpected failure with 500 and no stack or internal detail', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/wps/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      success: false,
      value: null,
      message: 'Internal server error',
      code: 'internal_error',
    });
    expect(response.body).not.toContain('secret');
    expect(response.body).not.toContain('.ts');
  });
});

describe('request context and headers', () => {
  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    const kept = await testApp.app.inject({
      url: '/wps/system/status',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-1234abcd');
    const replaced = await testApp.app.inject({
      url: '/wps/system/status',
      headers: { 'x-request-id': 'bad id\nwith newline' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await testApp.app.inject({ url: '/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends API replies the locked-down REST set', async () => {
    const response = await testApp.app.inject({ url: '/wps/system/status' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so', async () => {
    const response = await testApp.app.inject({
      url: '/wps/system/status',
      headers: { 'x-forwarded-for': '1.0.128.1' },
    });
    expect(response.json().value).toMatchObject({ ip: '127.0.0.1', country: null });
  });
});

describe('web app serving', () => {
  it('answers every client route with index.html, revalidated', async () => {
    for (const url of ['/', '/promotions', '/agentHome?x=1', '/help', '/home']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await testApp.app.inject({ url: '/assets/index-AbCdEf12.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await testApp.app.inject({ url: '/theme-init.js' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed copy a browser accepts, and the plain file to others', async () => {
    const compressed = await testApp.app.inject({
      url: '/assets/index-AbCdEf12.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await testApp.app.inject({ url: '/assets/index-AbCdEf12.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('answers a missing file with 404, not with the page', async () => {
    for (const url of ['/assets/index-Gone1234.js', '/missing.png']) {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('not_found');
    }
  });

  it('never answers an API path with the page', async () => {
    const response = await testApp.app.inject({ url: '/lgw/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});

describe('operations endpoints', () => {
  it('reports liveness and readiness', async () => {
    expect((await testApp.app.inject({ url: '/healthz' })).json().value).toEqual({ status: 'ok' });
    const ready = await testApp.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
  });

  it('exposes Prometheus metrics per route and for the database pool', async () => {
    await testApp.app.inject({ url: '/wps/system/whitelabel' });
    const metrics = (await testApp.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/wps\/system\/whitelabel",status_code="200"\} \d+/,
    );
    expect(metrics).toMatch(/db_pool_connections \d+/);
    expect(metrics).toMatch(/db_pool_waiting_requests \d+/);
  });

  it('publishes the OpenAPI 3.1 document generated from the contracts, and its viewer', async () => {
    const document = (await testApp.app.inject({ url: '/openapi.json' })).json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/wps/system/status', '/wps/system/whitelabel', '/wps/system/helpCenter']),
    );
    const status =
      document.paths['/wps/system/status'].get.responses['200'].content['application/json'].schema;
    expect(status.properties.value.properties.status).toBeDefined();
    const viewer = await testApp.app.inject({ url: '/docs/' });
    expect(viewer.statusCode).toBe(200);
  });
});

describe('rate limits', () => {
  it('answers with a 429 envelope past the limit', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push((await limited.app.inject({ url: '/wps/system/status' })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
      const refused = await limited.app.inject({ url: '/wps/system/status' });
      expect(refused.json()).toMatchObject({ success: false, code: 'too_many_requests' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await limited.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
