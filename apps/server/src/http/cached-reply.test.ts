import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendCachedJson, type ReplyCache } from './cached-reply';

const game = z.object({ name: z.string(), stars: z.number().int() });

describe('sendCachedJson', () => {
  const app = Fastify();
  const cache: ReplyCache = new Map();
  let builds = 0;
  let value: unknown = { name: 'Dragon 龍 Déjà', stars: 5 };
  app.get('/game', (_request, reply) =>
    sendCachedJson(reply, cache, 'game', game, () => {
      builds += 1;
      return value as z.input<typeof game>;
    }),
  );
  afterAll(() => app.close());

  it('builds once and sends the same UTF-8 bytes with their length', async () => {
    const first = await app.inject({ method: 'GET', url: '/game' });
    const second = await app.inject({ method: 'GET', url: '/game' });
    expect(builds).toBe(1);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toMatchObject({ success: true, value: { name: 'Dragon 龍 Déjà', stars: 5 } });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.body));
    expect(cache.get('game')).toBeInstanceOf(Buffer);
  });

  it('never keeps a value its contract refuses', async () => {
    cache.clear();
    value = { name: 'Dragon', stars: 'five' };
    const refused = await app.inject({ method: 'GET', url: '/game' });
    expect(refused.statusCode).toBe(500);
    expect(cache.has('game')).toBe(false);
  });
});
