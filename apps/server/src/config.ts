import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so relative defaults do not depend on the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((text) => text === 'true' || text === '1' || text === 'yes');

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  REDIS_URL: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  GEOIP_DB_PATH: z.string().optional(),
  WEB_DIST_DIR: z.string().optional(),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(200).default(20),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  CONFIG_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SEED_DEMO: booleanText.default(true),
});

/** Fastify's trustProxy: off, on, a comma list of addresses/CIDRs, or a hop-count function. */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

export interface Config {
  environment: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** External PostgreSQL; when absent the embedded server under dataDir is used. */
  databaseUrl: string | undefined;
  embeddedPostgresPort: number;
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  logLevel: string;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  geoipDatabasePath: string | undefined;
  webDistDir: string;
  databasePoolMax: number;
  statementTimeoutMs: number;
  configCacheTtlMs: number;
  shutdownGraceMs: number;
  seedDemo: boolean;
}

/** Thrown for configuration that cannot be used; main prints its message as one line. */
export class ConfigError extends Error {}

function parseTrustProxy(text: string): TrustProxy {
  const lowered = text.trim().toLowerCase();
  if (lowered === 'false' || lowered === '0' || lowered === '') return false;
  if (lowered === 'true') return true;
  if (/^\d+$/.test(lowered)) {
    const hops = Number(lowered);
    return (_address: string, hop: number) => hop < hops;
  }
  return text;
}

/** Reads and validates the environment once; every other module receives the typed result. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    redisUrl: env.REDIS_URL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    geoipDatabasePath: env.GEOIP_DB_PATH,
    webDistDir: path.resolve(repoRoot, env.WEB_DIST_DIR ?? 'apps/web/dist'),
    databasePoolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    configCacheTtlMs: env.CONFIG_CACHE_TTL_MS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    seedDemo: env.SEED_DEMO,
  };
}
