import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openApiTransform } from './openapi-transform';

/**
 * OpenAPI 3.1 generated from the route schemas (which come from packages/contracts), with every failure
 * status a route can answer and the encrypted envelope of encrypted calls (openapi-transform.ts).
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Portal API',
        version: '0.1.0',
        description:
          'White-label gaming portal. Every reply is `{ success, value, message }` plus `code` on failure.',
      },
    },
    transform: openApiTransform({ refusesUnknownHosts: app.deps.config.unknownHost === 'refuse' }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

/** Liveness (the process answers) and readiness (the database answers). */
export function registerHealth(app: FastifyInstance): void {
  app.get('/healthz', { schema: { hide: true } }, async () => ({
    success: true,
    value: { status: 'ok' },
    message: '',
  }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.deps.database.db);
      await app.deps.merchants.current();
      return { success: true, value: { status: 'ready' }, message: '' };
    } catch (error) {
      request.log.warn({ err: error }, 'not ready');
      return reply.code(503).send({
        success: false,
        value: null,
        message: 'The database is not reachable',
        code: 'service_unavailable',
      });
    }
  });
}
