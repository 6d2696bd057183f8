import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { encryptedBody, errorEnvelope } from '@portal/contracts';
import { merchantScopedRoutes } from './api-context';
import { decryptBody } from './encrypted-body';

/** Methods whose body Fastify reads, so a too-large (413) or unreadable (415) body can be refused. */
const bodyMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The names of the guards that answer 401 (no or dead session) and 403 (role, trial, forced change). */
const guardNames = new Set(['sessionGuard', 'operatorGuard']);

function hooksOf(hooks: unknown): unknown[] {
  if (hooks === undefined || hooks === null) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** Whether the route swaps an encrypted body for its payload (decision 0008). */
export function isEncryptedRoute(route: Pick<RouteOptions, 'preValidation'>): boolean {
  return hooksOf(route.preValidation).includes(decryptBody);
}

/**
 * The failure statuses a route can answer by construction, whatever its handler does: 400 (a bad URL,
 * input failing its schema, malformed JSON), 429 (the global rate limit), 500 and 503 (shutting down) on
 * every route; 413 and 415 where a body is read; 414 where a path parameter can exceed Fastify's 100
 * characters, and 404 where it names something that may not exist; 404 (merchant_not_found) in a
 * merchant scope; 401 and 403 behind a session or operator guard; 409 (a replayed body) on encrypted
 * calls; 421 on every route but the vendors' when unknown hosts are refused (decision 0025).
 * Route-specific failures (a conflict, a missing row) are declared by the route.
 */
export function failureStatuses(route: RouteOptions, refusesUnknownHosts: boolean): number[] {
  const statuses = new Set([400, 500, 503]);
  const config = route.config as { rateLimit?: unknown } | undefined;
  if (config?.rateLimit !== false) statuses.add(429);
  const methods = hooksOf(route.method) as string[];
  if (methods.some((method) => bodyMethods.has(method))) {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.url.includes(':') || route.url.includes('*')) {
    statuses.add(414);
    statuses.add(404);
  }
  // A merchant scope answers 421 when unknown hosts are refused, else 404 when no merchant resolves.
  if (merchantScopedRoutes.has(route)) statuses.add(refusesUnknownHosts ? 421 : 404);
  const guarded = [...hooksOf(route.onRequest), ...hooksOf(route.preHandler)].some(
    (hook) => typeof hook === 'function' && guardNames.has(hook.name),
  );
  if (guarded) {
    statuses.add(401);
    statuses.add(403);
  }
  if (isEncryptedRoute(route)) statuses.add(409);
  if (refusesUnknownHosts && !route.url.startsWith('/vendor/')) statuses.add(421);
  return [...statuses].sort((a, b) => a - b);
}

const encryptedNote =
  'The request body is encrypted (decision 0008): send `{ keyId, key, iv, data }`, the AES-256-GCM ' +
  'encryption of `{ timestamp, nonce, payload }` with its key wrapped by RSA-OAEP to the key of ' +
  '`GET /wps/system/publicKey`. `payload` is the object described by `x-encrypted-payload`.';

/**
 * The OpenAPI transform: the zod schemas become JSON Schema (fastify-type-provider-zod), every failure
 * status the route can answer is listed with the error envelope, and an encrypted call documents the
 * envelope it really accepts as its request body, its plaintext payload under `x-encrypted-payload`. Only
 * the document changes; validation and serialization keep the route's own schemas.
 */
export function openApiTransform(options: { refusesUnknownHosts: boolean }): SwaggerTransform {
  return (input) => {
    const schema = input.schema as (FastifySchema & { hide?: boolean }) | undefined;
    if (!schema || schema.hide) return jsonSchemaTransform(input);
    const response = { ...(schema.response as Record<string, unknown> | undefined) };
    for (const status of failureStatuses(input.route, options.refusesUnknownHosts)) {
      response[status] ??= errorEnvelope;
    }
    const encrypted = isEncryptedRoute(input.route) && schema.body !== undefined;
    const result = jsonSchemaTransform({
      ...input,
      schema: { ...schema, response, ...(encrypted ? { body: encryptedBody } : {}) },
    });
    if (encrypted) {
      const plain = jsonSchemaTransform({ ...input, schema: { body: schema.body } }).schema.body;
      result.schema.body = {
        ...(result.schema.body as object),
        description: encryptedNote,
        'x-encrypted-payload': plain,
      };
      // The routes' own note ("the body ... is this schema") described the plaintext body; this one wins.
      result.schema.description = encryptedNote;
    }
    return result;
  };
}
