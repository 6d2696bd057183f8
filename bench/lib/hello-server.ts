import Fastify from 'fastify';

/**
 * The baseline: bare Fastify with one route, no plugins, no logger. Benchmarks report the portal as a
 * ratio of this, measured in the same run on the same machine, so machine speed cancels out.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 0);
await app.listen({ host: '127.0.0.1', port });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
