import { createHash, timingSafeEqual } from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';
import type { ReplicaStatus } from '../db/read-replica';
import { normaliseIp } from '../lib/ip';
import { notFound, sendFailure } from './errors';

/** Who may read /metrics: loopback callers only, or (token set) anyone with the bearer token. */
export interface MetricsAccess {
  token: string | undefined;
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const ip = normaliseIp(address);
  return ip === '::1' || (net.isIPv4(ip) && ip.startsWith('127.'));
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/**
 * The guard of /metrics (docs/operations.md, "Observing"). Without METRICS_TOKEN only a caller on this
 * machine is answered: the socket's own address, never X-Forwarded-For (a client writes that header), and
 * nothing a proxy forwarded, since a reverse proxy on the same machine connects from loopback on behalf of
 * anyone. Everyone else gets the plain 404 of an unknown path. With METRICS_TOKEN the bearer token is
 * needed from everywhere, loopback included; digests of equal length compare in constant time.
 */
function metricsGuard(access: MetricsAccess) {
  const expected = access.token === undefined ? undefined : digest(access.token);
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (expected) {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (token !== '' && timingSafeEqual(digest(token), expected)) return done();
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      void sendFailure(reply, {
        status: 401,
        code: 'unauthorized',
        message: 'Metrics need the bearer token (METRICS_TOKEN)',
        value: null,
      });
      return;
    }
    const forwarded =
      request.headers['x-forwarded-for'] !== undefined ||
      request.headers.forwarded !== undefined ||
      request.headers['x-real-ip'] !== undefined;
    if (!forwarded && isLoopback(request.socket.remoteAddress)) return done();
    void notFound(reply, request.method, request.url.split('?')[0]!);
  };
}

/**
 * Prometheus metrics: requests and latency per route, the database pool and, when configured, the read
 * replica. Served at /metrics to loopback callers, or with METRICS_TOKEN to bearers of the token
 * (metricsGuard).
 */
export function registerMetrics(
  app: FastifyInstance,
  pool: pg.Pool,
  access: MetricsAccess,
  replica?: { status(): ReplicaStatus },
): void {
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
  if (replica) {
    // Decision 0050: whether the heavy reads go to the replica now, and its lag (-1 before a measurement).
    gauge('db_replica_in_use', 'Heavy reads go to the read replica (1) or the primary (0)', () =>
      replica.status().state === 'in_use' ? 1 : 0,
    );
    gauge('db_replica_lag_seconds', 'Age of what the read replica was last seen to hold', () => {
      const { lagMs } = replica.status();
      return lagMs === undefined ? -1 : lagMs / 1000;
    });
  }

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, not the raw URL, so label cardinality stays bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  app.get(
    '/metrics',
    { schema: { hide: true }, onRequest: metricsGuard(access) },
    async (_request, reply) => {
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
}
