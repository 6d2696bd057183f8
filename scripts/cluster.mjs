// `npm run cluster`: two portal instances on one PostgreSQL behind HAProxy in round robin (issue 21,
// decision 0051). DATABASE_URL, or the embedded PostgreSQL under DATA_DIR started once here and shared;
// REDIS_URL, or the local Redis on 127.0.0.1:6379 when it answers (else LISTEN/NOTIFY only); the proxy
// on PORT (8080). HAProxy's configuration goes to a temporary directory. Ctrl-C stops everything.
import { ensureWebBuild } from './build-web.mjs';

function fail(message) {
  process.stderr.write(`cluster: ${message}\n`);
  process.exit(1);
}

try {
  ensureWebBuild();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const { register } = await import('tsx/esm/api');
register();
const { loadConfig } = await import('../apps/server/src/config.ts');
const { startEmbeddedPostgres } = await import('../apps/server/src/db/embedded-postgres.ts');
const { acquireDataDirLock } = await import('../apps/server/src/db/lock.ts');
const { haproxyPath } = await import('../apps/server/src/cluster/haproxy.ts');
const { localRedisUrl, redisAnswers, startCluster } = await import('../apps/server/src/cluster/cluster.ts');

if (!haproxyPath()) fail('haproxy is not installed (Debian: apt-get install -y haproxy)');
let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

let embedded;
let releaseLock = () => undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  releaseLock = acquireDataDirLock(config.dataDir);
  embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPostgresPort,
    durable: true,
    log: (message) => process.stdout.write(`cluster: ${message}\n`),
  });
  databaseUrl = embedded.url('portal');
}
let redisUrl = config.redisUrl;
if (!redisUrl && (await redisAnswers(localRedisUrl))) redisUrl = localRedisUrl;

let cluster;
let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\ncluster: stopping the proxy and the instances\n');
  await cluster?.stop().catch(() => undefined);
  await embedded?.stop().catch(() => undefined);
  releaseLock();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

try {
  cluster = await startCluster({
    databaseUrl,
    redisUrl,
    proxyPort: config.port,
    simulator: config.vendors.simulator,
    // One DATA_DIR for both: uploaded files are on this machine's disk (use S3 across machines).
    environment: { DATA_DIR: config.dataDir },
    onOutput: (id, text) => {
      for (const line of text.split('\n')) if (line.trim()) process.stdout.write(`[${id}] ${line}\n`);
    },
  });
} catch (error) {
  process.stderr.write(`cluster: ${error instanceof Error ? error.message : String(error)}\n`);
  await stopAll(1);
}
for (const instance of cluster.instances) {
  void instance.exited.then((code) => {
    if (!stopping)
      process.stdout.write(`cluster: instance ${instance.id} exited (${code}); the others carry on\n`);
  });
}
process.stdout.write(
  [
    '',
    `  Cluster: ${cluster.proxyUrl}  (HAProxy, round robin; configuration ${cluster.proxy.configPath})`,
    ...cluster.instances.map((instance) => `    instance ${instance.id}: ${instance.url}`),
    `  Notifications: ${redisUrl ? `Redis ${redisUrl.replace(/\/\/[^@]*@/, '//***@')}` : 'PostgreSQL LISTEN/NOTIFY (no Redis)'}`,
    '  Each reply names its instance in the x-portal-instance header. Ctrl-C stops everything.',
    '',
  ].join('\n') + '\n',
);
