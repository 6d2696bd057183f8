import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { CallDefinition, PublicKey } from '@portal/contracts';
import * as schemas from '@portal/contracts/schemas';
import type { z } from 'zod';
import { signedHeaders } from '../modules/seamless/signature';
import { encryptFor } from './encrypt';
import { hostileOf, validOf } from './zod-arbitrary';

/**
 * Requests built from a call's own definition and schemas (issue 21): the contract fuzzer
 * (http/contract-fuzz.test.ts) sends valid and hostile ones, the authorization matrix
 * (http/access-matrix.test.ts) valid ones only, so its answers come from the guards and not validation.
 */

/** A request as sent: method, URL with its query, and the body's text (encrypted or a form already). */
export interface SentRequest {
  method: CallDefinition['method'];
  url: string;
  payload?: string;
}

/** Who a request comes from: a session's token, a vendor's signature, and always an address. */
export interface Credentials {
  token?: string;
  vendor?: { code: string; secret: string };
  /** X-Forwarded-For: each request from its own address keeps per-address rate limits out of the way. */
  ip: string;
}

/** The contracts' schema a call definition names, or undefined when it names none. */
export function schemaOf(name: string | undefined): z.ZodType | undefined {
  return name === undefined ? undefined : (schemas as unknown as Record<string, z.ZodType>)[name];
}

/** The one value fast-check generates for a seed. */
export function sampleOne<T>(arbitrary: fc.Arbitrary<T>, seed: number): T {
  return fc.sample(arbitrary, { seed, numRuns: 1 })[0]!;
}

/** The call's path with its parameters filled in (a wildcard tail becomes `x`). */
export function pathOf(call: CallDefinition, params: unknown): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return call.path
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '1')))
    .replace(/\*$/, 'x');
}

/** A query string (with its `?`) for a query value; arrays repeat their name. */
export function queryOf(query: unknown): string {
  if (query === null || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined)
        search.append(name, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function payloadOf(call: CallDefinition, key: PublicKey, value: unknown, encrypt: boolean): string {
  if (call.encrypted && encrypt) return JSON.stringify(encryptFor(key, value));
  if (call.form) {
    // A hostile form body need not be an object: anything else goes out as its JSON text, unparseable.
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return JSON.stringify(value) ?? '';
    return new URLSearchParams(
      Object.entries(value).map(([name, item]): [string, string] => [
        name,
        typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
      ]),
    ).toString();
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * A request generated from the call's schemas for a run's seed and a request's place `at` in it
 * (parameters from `seed + at`, the query from `+ 1`, the body from `+ 2`): valid, or with the query or
 * body hostile. A hostile encrypted body is sent in the clear at even places (the envelope itself must
 * then be refused). A DELETE that declares a body sends one too (turning off TOTP, a favourite removed).
 */
export function generatedRequest(
  call: CallDefinition,
  key: PublicKey,
  { seed, at, hostile }: { seed: number; at: number; hostile: boolean },
): SentRequest {
  const params = schemaOf(call.params);
  const query = schemaOf(call.query);
  const body = schemaOf(call.body);
  const url =
    pathOf(call, params ? sampleOne(validOf(params), seed + at) : undefined) +
    (query ? queryOf(sampleOne(hostile && !body ? hostileOf(query) : validOf(query), seed + at + 1)) : '');
  if (call.method === 'GET' || !body) return { method: call.method, url };
  const value = sampleOne(hostile ? hostileOf(body) : validOf(body), seed + at + 2);
  return { method: call.method, url, payload: payloadOf(call, key, value, !(hostile && at % 2 === 0)) };
}

/** What the server's parser makes of a query string: one value a string, a repeated name an array. */
function parsedQuery(url: string): Record<string, string | string[]> {
  const parsed: Record<string, string | string[]> = {};
  const at = url.indexOf('?');
  if (at < 0) return parsed;
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    const seen = parsed[name];
    parsed[name] = seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
  }
  return parsed;
}

function pathValues(call: CallDefinition, params: unknown): Record<string, string> {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return Object.fromEntries(
    [...call.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, String(values[name!] ?? '1')]),
  );
}

/** A body as the server's parser hands it to validation: after a JSON or a form round trip. */
function received(call: CallDefinition, value: unknown): unknown {
  if (call.form) return Object.fromEntries(new URLSearchParams(value as Record<string, string>));
  return JSON.parse(JSON.stringify(value) ?? 'null') as unknown;
}

/** How many seeds `validRequest` tries before it gives up on a call. */
const validAttempts = 40;

/**
 * A request every part of which the call's schemas accept as the server receives it (path values and
 * the query as strings, the body after a JSON or form round trip), refinements included: the first of
 * the seeds from `seed` on whose sample passes. The body is `sampleBody` when one is given (a hand-made
 * body where a schema's refinements defeat generated ones, or where the content decides the answer). A
 * DELETE sends its body too when the call declares one. Throws, naming the call, when nothing passes.
 */
export function validRequest(
  call: CallDefinition,
  key: PublicKey,
  seed: number,
  sampleBody?: unknown,
): SentRequest {
  const params = schemaOf(call.params);
  const query = schemaOf(call.query);
  const body = schemaOf(call.body);
  const hasBody = call.method !== 'GET' && body !== undefined;
  for (let attempt = 0; attempt < validAttempts; attempt += 1) {
    const at = seed + attempt * 3;
    const paramValue = params ? sampleOne(validOf(params), at) : undefined;
    if (params && !params.safeParse(pathValues(call, paramValue)).success) continue;
    const url = pathOf(call, paramValue) + (query ? queryOf(sampleOne(validOf(query), at + 1)) : '');
    if (query && !query.safeParse(parsedQuery(url)).success) continue;
    if (!hasBody) return { method: call.method, url };
    const value = sampleBody ?? sampleOne(validOf(body), at + 2);
    if (!body.safeParse(received(call, value)).success) {
      if (sampleBody !== undefined) throw new Error(`the sample body of ${call.path} is not valid`);
      continue;
    }
    return { method: call.method, url, payload: payloadOf(call, key, value, true) };
  }
  throw new Error(`no valid request for ${call.method} ${call.path} in ${validAttempts} samples`);
}

/** Sends a request to the app on the demo merchant's host with the caller's credentials. */
export function injectRequest(
  app: FastifyInstance,
  call: CallDefinition,
  sent: SentRequest,
  credentials: Credentials,
) {
  const headers: Record<string, string> = { host: 'localhost', 'x-forwarded-for': credentials.ip };
  if (sent.payload !== undefined) {
    headers['content-type'] = call.form ? 'application/x-www-form-urlencoded' : 'application/json';
  }
  if (credentials.token !== undefined) headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.vendor !== undefined) {
    const { code, secret } = credentials.vendor;
    const signed = signedHeaders(code, secret, sent.payload ?? '');
    // No body, no content type: Fastify refuses an empty JSON body (400) before any guard could answer.
    if (sent.payload === undefined) delete signed['content-type'];
    Object.assign(headers, signed);
  }
  return app.inject({
    method: sent.method,
    url: sent.url,
    headers,
    ...(sent.payload === undefined ? {} : { payload: sent.payload }),
  });
}

/** The n-th of a run's distinct client addresses (10.x.y.z). */
export function addressOf(n: number): string {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
