import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope';

/** JSON replies built once per snapshot, kept as UTF-8 bytes under a key (see sendCachedJson). */
export type ReplyCache = Map<string, Buffer>;

/**
 * Sends a reply that depends only on data held in memory (a merchant's settings snapshot), serialized
 * once per snapshot. The value is checked against its contract when it is first built, as the route's
 * serializer would; afterwards the stored JSON is sent as it is. It is kept as UTF-8 bytes, not a string:
 * a string reply is measured (content-length) and encoded again on every send (for a game page of 8 KB
 * the game list answered about a tenth more requests a second with bytes, issue 19).
 */
export function sendCachedJson<Schema extends z.ZodType>(
  reply: FastifyReply,
  cache: ReplyCache,
  key: string,
  schema: Schema,
  build: () => z.input<Schema>,
): FastifyReply {
  let body = cache.get(key);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(ok(schema.parse(build()))));
    cache.set(key, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

/**
 * Sends `{ success: true, value }` written with JSON.stringify, skipping the schema serializer. Only for
 * values whose every field the service sets explicitly (nothing extra can leak) on hot paths.
 */
export function sendPlainJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(ok(value)));
}
