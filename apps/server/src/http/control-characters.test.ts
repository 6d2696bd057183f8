import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicKey } from '@portal/contracts';
import { encryptFor } from '../test/encrypt';
import { buildTestApp, type TestApp } from '../test/test-app';

/**
 * A NUL byte in every string field of every call, generated from the contracts through the OpenAPI
 * document they produce: each answers 400 naming the field (or the call's own 400/401 that comes before
 * validation: a missing vendor signature, an envelope that is not encrypted), never a 500.
 */
let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ TEST_GATEWAY_ENABLED: 'true', RATE_LIMIT_PER_MINUTE: '100000' });
});
afterAll(async () => testApp.close());

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header'; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const nul = 'a\u0000b';
/** Values tried for path parameters until the route accepts them (ids, codes, uuids). */
const placeholders = ['1', 'SIM', 'ABC', 'abc', '00000000-0000-4000-8000-000000000000'];

interface Reply {
  statusCode: number;
  body: string;
}

interface Envelope {
  code?: string;
  value?: { fields?: { field: string }[] } | null;
}

/** The reply's envelope; a page (HTML) answers none. */
function envelope(reply: Reply): Envelope {
  try {
    return JSON.parse(reply.body) as Envelope;
  } catch {
    return { code: 'not_an_envelope' };
  }
}

function failingFields(reply: Reply): string[] {
  const body = envelope(reply);
  return body.code === 'validation_failed' ? (body.value?.fields ?? []).map((entry) => entry.field) : [];
}

/** Paths (key lists) to every field that may hold a string, however deep. */
function stringFields(schema: JsonSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 6) return [];
  const alternatives = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  const found = alternatives.flatMap((alternative) => stringFields(alternative, path, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('string') && path.length > 0) found.push(path);
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    found.push(...stringFields(property, [...path, key], depth + 1));
  }
  if (schema.items) found.push(...stringFields(schema.items, [...path, '0'], depth + 1));
  const unique = new Map(found.map((fields) => [fields.join('.'), fields]));
  return [...unique.values()];
}

/** A body holding the hostile string at one path and nothing else. */
function bodyWith(path: string[]): unknown {
  const [head, ...rest] = path;
  const value = rest.length === 0 ? nul : bodyWith(rest);
  return head === '0' ? [value] : { [head!]: value };
}

function expectRefused(where: string, reply: Reply, field: string) {
  expect(reply.statusCode, `${where}: ${reply.statusCode}`).toBeLessThan(500);
  // A wildcard path (stored files) names no field: it has no such file.
  if (field === '*') return expect(reply.statusCode, where).toBe(404);
  // A page of the stand-in payment provider checks its sealed ticket, not a contract.
  if (envelope(reply).code === 'not_an_envelope')
    return expect(reply.statusCode, where).toBeGreaterThanOrEqual(400);
  expect([400, 401], where).toContain(reply.statusCode);
  const body = envelope(reply);
  if (reply.statusCode === 400 && body.code === 'validation_failed') {
    const fields = (body.value?.fields ?? []).map((entry) => entry.field);
    expect(fields, where).toContain(field);
  } else {
    // Only what is checked before validation may answer otherwise: a vendor's signature, an envelope.
    expect(['unknown_vendor', 'invalid_signature', 'unauthorized', 'encryption_invalid'], where).toContain(
      body.code,
    );
  }
}

describe('control characters in every input of every call', () => {
  it('answers 400 validation_failed naming the field, never 500', async () => {
    const document = (
      await testApp.app.inject({ method: 'GET', url: '/openapi.json', headers: { host: 'localhost' } })
    ).json<{ paths: Record<string, Record<string, Operation>> }>();
    let probes = 0;
    for (const [template, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const parameters = operation.parameters ?? [];
        const pathNames = parameters.filter((entry) => entry.in === 'path').map((entry) => entry.name);
        // Path parameters are checked before the body: probe with one each of them accepts.
        let validValue = placeholders[0]!;
        for (const candidate of pathNames.length > 0 ? placeholders : []) {
          validValue = candidate;
          const url = template.replace(/\{([\w*]+)\}/g, candidate);
          const reply = await testApp.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { host: 'localhost' },
          });
          if (!failingFields(reply).some((field) => pathNames.includes(field))) break;
        }
        const pathOf = (hostile?: string) =>
          template.replace(/\{([\w*]+)\}/g, (_match, name: string) =>
            name === hostile ? 'a%00b' : validValue,
          );
        const inject = (url: string, payload?: unknown) =>
          testApp.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: {
              host: 'localhost',
              ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
          });
        const needsBody = operation.requestBody !== undefined;
        for (const parameter of parameters.filter((entry) => entry.in === 'path' || entry.in === 'query')) {
          const url =
            parameter.in === 'path'
              ? pathOf(parameter.name)
              : `${pathOf()}?${encodeURIComponent(parameter.name)}=a%00b`;
          const where = `${method.toUpperCase()} ${template} ${parameter.in} ${parameter.name}`;
          expectRefused(where, await inject(url, needsBody ? {} : undefined), parameter.name);
          probes += 1;
        }
        const json = operation.requestBody?.content?.['application/json']?.schema;
        for (const path of stringFields(json)) {
          const where = `${method.toUpperCase()} ${template} body ${path.join('.')}`;
          expectRefused(where, await inject(pathOf(), bodyWith(path)), path.join('.'));
          probes += 1;
        }
      }
    }
    // The document really was walked: every call's string inputs, well over a hundred of them.
    expect(probes).toBeGreaterThan(150);
  }, 120_000);

  it('refuses them inside encrypted payloads and in one-line fields, and accepts line breaks in free text', async () => {
    const call = (url: string, body: unknown, method: 'POST' | 'PUT' = 'POST') =>
      testApp.app.inject({ method, url, headers: { host: 'localhost' }, payload: body as object });
    const key = (
      await testApp.app.inject({ url: '/wps/system/publicKey', headers: { host: 'localhost' } })
    ).json().value as PublicKey;
    const login = await call(
      '/wps/session/login',
      encryptFor(key, { type: 'username', username: 'player1\u0000', password: 'Demo1234' }),
    );
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      code: 'validation_failed',
      value: { fields: [{ field: 'username' }] },
    });

    const escape = await call('/ops/session', { username: 'admin\u001b[2K', password: 'x' });
    expect(escape.json().value.fields[0].field).toBe('username');

    const feedback = await call(
      '/wps/feedback',
      { content: 'Line one of my question\nline two', sender: 'Bob\nApproved', type: 1 },
      'PUT',
    );
    const fields = (feedback.json().value?.fields ?? []).map((entry: { field: string }) => entry.field);
    expect(fields).toEqual(['sender']);
  });
});
