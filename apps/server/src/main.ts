import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import {
  assertReachable,
  DatabaseUnreachableError,
  openDatabase,
  redactUrl,
  type Database,
} from './db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres';
import { acquireDataDirLock } from './db/lock';
import { migrateToLatest } from './db/migrate';
import {
  demoAccounts,
  demoLoginsStillOpen,
  demoOperator,
  demoMerchantCode,
  seedDemo,
  seedDemoAccounts,
  seedDemoMoney,
} from './db/seed-demo';
import { seedDemoVendors } from './db/seed-demo-vendors';
import { seedDemoGames } from './db/seed-demo-games';
import { seedDemoLotteries } from './db/seed-demo-lottery';
import { seedDemoContent } from './db/seed-demo-content';
import { seedDemoPoints } from './db/seed-demo-points';
import { seedDemoRewardDraws } from './db/seed-demo-reward-draws';
import { seedDemoRewards } from './db/seed-demo-rewards';
import { startCrashRounds } from './jobs/crash-rounds';
import { startServerJobs } from './jobs/server-jobs';
import { openGeoIp } from './lib/geoip';
import { startDemoVendors } from './vendor-sim/demo-vendor';

/** Prints one clear line and exits: configuration and start-up failures never dump a stack. */
function fail(message: string): never {
  process.stderr.write(`portal: ${message}\n`);
  process.exit(1);
}

interface Started {
  databaseUrl: string;
  embedded: EmbeddedPostgres | undefined;
  releaseLock: () => void;
}

/** A production start (SEED_DEMO=false) never runs with a demo login whose password is published. */
async function refuseOpenDemoLogins(db: Database['db']): Promise<void> {
  const open = await demoLoginsStillOpen(db);
  if (open.length > 0) {
    throw new ConfigError(
      `demo logins still open with their published passwords (${open.join(', ')}): change or disable them before starting with SEED_DEMO=false`,
    );
  }
}

async function startDatabaseServer(config: Config): Promise<Started> {
  if (config.databaseUrl) {
    await assertReachable(config.databaseUrl);
    return { databaseUrl: config.databaseUrl, embedded: undefined, releaseLock: () => undefined };
  }
  const releaseLock = acquireDataDirLock(config.dataDir);
  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      port: config.embeddedPostgresPort,
      durable: true,
      statementStats: config.embeddedPostgresStatementStats,
      log: (message) => process.stdout.write(`portal: ${message}\n`),
    });
    return { databaseUrl: embedded.url('portal'), embedded, releaseLock };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

function printBanner(config: Config, seeded: boolean, databaseUrl: string): void {
  const address = `http://localhost:${config.port}`;
  const lines = [
    '',
    `  Portal is running on ${address}`,
    `  API documentation:  ${address}/docs`,
    `  Database:           ${redactUrl(databaseUrl)}${config.databaseUrl ? '' : ' (embedded)'}`,
    ...(config.databaseReplica
      ? [
          `  Read replica:       ${redactUrl(config.databaseReplica.url)} (reports, while at most ${config.databaseReplica.maxLagMs} ms behind)`,
        ]
      : []),
    `  Demo merchant:      demo (domains localhost, 127.0.0.1)${seeded ? ' - seeded now' : ''}`,
    ...(config.seedDemo
      ? [
          '  Demo logins:',
          ...demoAccounts.map(
            (account) => `    ${account.username} / ${account.password}  (${account.role})`,
          ),
          `  Operator console /operator (and npm run operator -- help): ${demoOperator.username} / ${demoOperator.password}  (${demoOperator.role}; enrols an authenticator app at its first login)`,
        ]
      : []),
    ...(config.testGateway.enabled
      ? [
          '',
          '  !! TEST PAYMENT GATEWAY ON (TEST_GATEWAY_ENABLED=true): its checkout page credits deposits',
          '  !! that nobody paid. Demo and tests only; a production start refuses it.',
        ]
      : []),
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const started = await startDatabaseServer(config);
  let database: Database | undefined;
  try {
    database = openDatabase({
      url: started.databaseUrl,
      poolMax: config.databasePoolMax,
      statementTimeoutMs: config.statementTimeoutMs,
      ...(config.databaseReplica
        ? {
            replica: {
              ...config.databaseReplica,
              // Every change of the replica's state, so operators see when reports leave or rejoin it.
              onStateChange: (status, reason) =>
                process.stdout.write(
                  `portal: read replica ${redactUrl(config.databaseReplica!.url)}: ${status.state} (${reason})\n`,
                ),
            },
          }
        : {}),
    });
    await migrateToLatest(database.db);
    if (!config.seedDemo) await refuseOpenDemoLogins(database.db);
    const seeded = config.seedDemo ? await seedDemo(database.db) : false;
    if (config.seedDemo) await seedDemoAccounts(database.db);
    // player1 and agent1 start with money, deposited once (README: bet on /lottery right away).
    if (config.seedDemo) await seedDemoMoney(database.db, demoMerchantCode);
    if (config.seedDemo) await seedDemoVendors(database.db);
    if (config.seedDemo) await seedDemoGames(database.db);
    if (config.seedDemo) await seedDemoLotteries(database.db);
    if (config.seedDemo) await seedDemoContent(database.db);
    if (config.seedDemo) await seedDemoRewards(database.db);
    if (config.seedDemo) await seedDemoRewardDraws(database.db);
    if (config.seedDemo) await seedDemoPoints(database.db);
    const geoIp = await openGeoIp(config.geoipDatabasePath);
    const app = await buildApp({ config, database, geoIp });
    // One connection carries every cross-instance notification (settings, catalogue, vendors, pushes;
    // Redis for the pushes with REDIS_URL); it reconnects by itself, and the caches' TTL bounds staleness.
    await app.deps.bus
      .listen(started.databaseUrl)
      .catch((error: unknown) => app.log.warn({ err: error }, 'cluster bus not connected; retrying'));
    await app.deps.push.listen(started.databaseUrl);
    const openDatabaseHandle = database;
    closeWithGrace({ delay: config.shutdownGraceMs }, async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an unexpected error');
      else app.log.info({ signal }, 'shutting down: finishing in-flight requests');
      await app.close();
      await openDatabaseHandle.close();
      await started.embedded?.stop();
      started.releaseLock();
    });
    // The demo's transfer vendor (SIM); the vendor-reconcile job settles transfers whose answer was lost.
    const simulator = await startDemoVendors(database.db, config);
    if (simulator) app.addHook('onClose', async () => simulator.close());
    // Every scheduled job in one runner (jobs/server-jobs.ts). onClose hooks run last-added first, so
    // the jobs stop, waiting for runs in flight, before the simulator and the database close.
    const jobs = startServerJobs(app);
    app.addHook('onClose', async () => jobs.stop());
    // BGS Crash's rounds: this instance leads them while it holds their advisory lock (decision 0046).
    const crashRounds = startCrashRounds(app);
    app.addHook('onClose', async () => crashRounds.stop());
    await app.listen({ host: config.host, port: config.port });
    printBanner(config, seeded, started.databaseUrl);
  } catch (error) {
    await database?.close().catch(() => undefined);
    await started.embedded?.stop().catch(() => undefined);
    started.releaseLock();
    throw error;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseUnreachableError) fail(error.message);
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    fail(`port ${loadConfig().port} is already in use; stop the other server or set PORT`);
  fail(error instanceof Error ? error.message : String(error));
});
