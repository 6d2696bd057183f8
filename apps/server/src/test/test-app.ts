import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createTestDatabase, type TestDatabase } from '../db/test-database';
import { openGeoIp, type GeoIp } from '../lib/geoip';

let sharedGeoIp: Promise<GeoIp> | undefined;

/** Configuration for tests: quiet logs and whatever a test overrides (environment variable names). */
export function testConfig(environment: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent', ...environment });
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The real application on its own fresh database (cloned from the seeded template). Routes can still
 * be added before the first inject, which is how tests exercise framework-level behaviour.
 */
export async function buildTestApp(environment: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  sharedGeoIp ??= openGeoIp(undefined);
  const app = await buildApp({ config: testConfig(environment), database, geoIp: await sharedGeoIp });
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
