import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

/** Prometheus metrics: requests and latency per route, and the database pool. */
export function registerMetrics(app: FastifyInstance, pool: pg.Pool): void {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const gauge = (name: string, help: string, read: () => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('db_pool_connections', 'Connections open in the database pool', () => pool.totalCount);
  gauge('db_pool_idle_connections', 'Idle connections in the database pool', () => pool.idleCount);
  gauge('db_pool_waiting_requests', 'Queries waiting for a pool connection', () => pool.waitingCount);

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, so label cardinality stays bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
