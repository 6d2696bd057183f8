import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, startPaymentsKit, type PaymentsKit } from '../test/payments-kit';
import { testOperatorToken } from '../test/operator-login';
import { buildTestApp, type TestApp } from '../test/test-app';

/** The parts of /openapi.json these tests read. */
interface Operation {
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
type OpenApi = { paths: Record<string, Record<string, Operation>> };

let kit: PaymentsKit;
let testApp: TestApp;
let document: OpenApi;

beforeAll(async () => {
  kit = await startPaymentsKit({ RATE_LIMIT_PER_MINUTE: '100000', BODY_LIMIT_BYTES: '4096' });
  testApp = kit.testApp;
  document = (await testApp.app.inject({ url: '/openapi.json' })).json<OpenApi>();
});
afterAll(async () => kit.close());

/** The operation of the document: the Fastify path (`/a/:id`) in OpenAPI form (`/a/{id}`). */
function operation(spec: OpenApi, method: string, path: string): Operation {
  const openApiPath = path.replace(/:([A-Za-z]+)/g, '{$1}');
  const found = spec.paths[openApiPath]?.[method.toLowerCase()];
  if (!found) throw new Error(`no operation ${method} ${openApiPath} in the document`);
  return found;
}

function listed(spec: OpenApi, method: string, path: string): string[] {
  return Object.keys(operation(spec, method, path).responses);
}

function operatorToken(): Promise<string> {
  return testOperatorToken(testApp);
}

describe('OpenAPI lists the failures each operation really answers', () => {
  it('a malformed JSON body (400), an oversized body (413), an unsupported media type (415)', async () => {
    const send = (payload: string, contentType = 'application/json') =>
      testApp.app.inject({
        method: 'POST',
        url: '/wps/relay/lottery_bet',
        headers: { host: 'localhost', 'content-type': contentType },
        payload,
      });
    const answers = [
      await send('{"gameCode":'),
      await send(`"${'x'.repeat(8192)}"`),
      await send('x', 'text/csv'),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([400, 413, 415]);
    for (const answer of answers) {
      expect(listed(document, 'POST', '/wps/relay/lottery_bet')).toContain(String(answer.statusCode));
    }
  });

  it('an unauthenticated call of a member and of an operator route (401)', async () => {
    for (const [method, path] of [
      ['GET', '/wps/member/info'],
      ['GET', '/wps/v2/wallets/balance'],
      ['GET', '/ops/payments/deposits'],
      ['GET', '/ops/session'],
    ] as const) {
      const answer = await testApp.app.inject({ method, url: path, headers: { host: 'localhost' } });
      expect(answer.statusCode, path).toBe(401);
      expect(listed(document, method, path), path).toContain('401');
    }
  });

  it('an unknown id (404), and a path parameter past Fastify limit (414)', async () => {
    const token = await operatorToken();
    const headers = { host: 'localhost', authorization: `Bearer ${token}` };
    const unknown = await testApp.app.inject({
      method: 'POST',
      url: '/ops/payments/deposits/999999999/approve',
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(listed(document, 'POST', '/ops/payments/deposits/:id/approve')).toContain('404');
    const long = await testApp.app.inject({
      method: 'POST',
      url: `/ops/payments/deposits/${'9'.repeat(120)}/approve`,
      headers,
    });
    expect(long.statusCode).toBe(414);
    // Refused by the router before any hook, and still the envelope (frameworkErrors).
    expect(long.json()).toMatchObject({ success: false, code: 'uri_too_long' });
    const badUrl = await testApp.app.inject({ url: '/wps/member/sessions/%E0%A4%A', headers });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toMatchObject({ success: false, code: 'bad_request' });
    expect(listed(document, 'POST', '/ops/payments/deposits/:id/approve')).toContain('414');
  });

  it('past the rate limit (429)', async () => {
    const limited = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const spec = (await limited.app.inject({ url: '/openapi.json' })).json<OpenApi>();
      let status = 0;
      for (let attempt = 0; attempt < 4 && status !== 429; attempt += 1) {
        status = (await limited.app.inject({ url: '/wps/system/status', headers: { host: 'localhost' } }))
          .statusCode;
      }
      expect(status).toBe(429);
      expect(listed(spec, 'GET', '/wps/system/status')).toContain('429');
    } finally {
      await limited.close();
    }
  });

  it('every operation called without a session, with a malformed body and unknown ids, answers a listed status', async () => {
    const unlisted: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(methods)) {
        const url = path.replace(/\{[^}]+\}/g, '999999999');
        const hasBody = ['post', 'put', 'patch', 'delete'].includes(method);
        const answer = await testApp.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { host: 'localhost', ...(hasBody ? { 'content-type': 'application/json' } : {}) },
          ...(hasBody ? { payload: '{"broken":' } : {}),
        });
        if (!(String(answer.statusCode) in described.responses)) {
          unlisted.push(`${method.toUpperCase()} ${path} answered ${answer.statusCode}`);
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('every operation called with a live session, an empty body and unknown ids, answers a listed status', async () => {
    const member = await loggedInMember(kit);
    const operator = await operatorToken();
    // Calls that end the session the sweep is using are left out; the rest change nothing of note here.
    const skipped = new Set(['DELETE /wps/session/logout', 'DELETE /ops/session', 'DELETE /wps/member/totp']);
    const unlisted: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, described] of Object.entries(methods)) {
        if (skipped.has(`${method.toUpperCase()} ${path}`)) continue;
        const token = path.startsWith('/ops/') ? operator : member.token;
        const hasBody = ['post', 'put', 'patch', 'delete'].includes(method);
        const answer = await testApp.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, '999999999'),
          headers: { host: 'localhost', authorization: `Bearer ${token}` },
          ...(hasBody ? { payload: {} } : {}),
        });
        if (!(String(answer.statusCode) in described.responses)) {
          unlisted.push(
            `${method.toUpperCase()} ${path} answered ${answer.statusCode} ${answer.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(unlisted).toEqual([]);
  });

  it('the statuses of a refusing host (421) when unknown hosts are refused', async () => {
    const refusing = await buildTestApp({ UNKNOWN_HOST: 'refuse' });
    try {
      const spec = (
        await refusing.app.inject({ url: '/openapi.json', headers: { host: 'localhost' } })
      ).json<OpenApi>();
      const answer = await refusing.app.inject({
        url: '/wps/system/status',
        headers: { host: 'elsewhere.example' },
      });
      expect(answer.statusCode).toBe(421);
      expect(listed(spec, 'GET', '/wps/system/status')).toContain('421');
      expect(listed(spec, 'POST', '/vendor/v1/seamless/bet')).not.toContain('421');
    } finally {
      await refusing.close();
    }
  });
});

describe('OpenAPI documents encrypted calls as they travel', () => {
  const encryptedCalls = [
    ['POST', '/wps/session/login'],
    ['PUT', '/wps/member/register'],
    ['PUT', '/wps/member/register/mobile'],
    ['POST', '/wps/member/password'],
    ['POST', '/wps/member/password/email/reset'],
    ['POST', '/wps/member/password/verification'],
    ['POST', '/wps/agent/downlines'],
  ] as const;

  it('gives the encrypted envelope as the request body and the plaintext payload beside it', () => {
    for (const [method, path] of encryptedCalls) {
      const body = operation(document, method, path).requestBody!.content['application/json']!.schema;
      expect(body.required, path).toEqual(['keyId', 'key', 'iv', 'data']);
      expect(Object.keys(body.properties as object), path).toEqual(['keyId', 'key', 'iv', 'data']);
      expect(body['x-encrypted-payload'], path).toBeTypeOf('object');
      expect(JSON.stringify(body['x-encrypted-payload']), path).not.toContain('"keyId"');
      expect(listed(document, method, path), path).toContain('409');
    }
    const login = operation(document, 'POST', '/wps/session/login').requestBody!.content['application/json']!
      .schema['x-encrypted-payload'];
    expect(JSON.stringify(login)).toContain('"password"');
  });

  it('lists no other call as encrypted, and the server still takes what it took (a plain body is refused)', async () => {
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, described]) => {
          const schema = described.requestBody?.content['application/json']?.schema;
          return schema !== undefined && 'x-encrypted-payload' in schema;
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(encryptedCalls.map(([method, path]) => `${method} ${path}`).sort());
    const plain = await testApp.app.inject({
      method: 'POST',
      url: '/wps/session/login',
      headers: { host: 'localhost' },
      payload: { type: 'username', username: 'player1', password: 'Demo1234' },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().code).toBe('encryption_invalid');
  });
});
