import { randomBytes } from 'node:crypto';
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
  DATABASE_REPLICA_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(300_000).default(5_000),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  EMBEDDED_PG_STATEMENT_STATS: booleanText.default(false),
  REDIS_URL: z.string().optional(),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,32}$/, 'letters, digits, dot, underscore or dash, at most 32')
    .optional(),
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
  METRICS_TOKEN: z.string().min(16).optional(),
  UNKNOWN_HOST: z.enum(['default', 'refuse']).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  PUBLIC_URL: z.url().optional(),
  SMS_PROVIDER: z.enum(['outbox', 'http']).default('outbox'),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_TEMPLATE: z.string().default('Your {merchant} code is {code}. It expires in {minutes} minutes.'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Portal <no-reply@localhost>'),
  VENDOR_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  VENDOR_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  VENDOR_RECONCILE_AFTER_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  VENDOR_SIM: booleanText.optional(),
  VENDOR_SIM_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  VENDOR_SIM_URL: z.url().optional(),
  TEST_GATEWAY_ENABLED: booleanText.optional(),
  TEST_GATEWAY_SECRET: z.string().min(32).optional(),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  LIVECHAT_SECRET: z.string().min(32).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
    .optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanText.default(true),
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
  /**
   * A streaming replica of that database for the heavy report reads, used while it is at most
   * maxLagMs behind (decision 0050); unset = every read on the primary.
   */
  databaseReplica: { url: string; maxLagMs: number } | undefined;
  embeddedPostgresPort: number;
  /** Loads pg_stat_statements (every statement, nested ones too) into the embedded PostgreSQL. */
  embeddedPostgresStatementStats: boolean;
  redisUrl: string | undefined;
  /** Names this process in the x-portal-instance reply header (INSTANCE_ID, else random per start). */
  instanceId: string;
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
  /** /metrics: loopback callers only, or with a token the bearers of it from anywhere (http/metrics.ts). */
  metrics: { token: string | undefined };
  /**
   * A host no merchant domain names (and no known merchant code): served as the default merchant, or
   * refused with 421 unknown_host (decision 0025). Defaults to refuse in a production start.
   */
  unknownHost: 'default' | 'refuse';
  sessionIdleMs: number;
  sessionAbsoluteMs: number;
  /** Base of links in e-mails (password reset); unset = the request's own origin. */
  publicUrl: string | undefined;
  sms: {
    provider: 'outbox' | 'http';
    gatewayUrl: string | undefined;
    gatewayToken: string | undefined;
    template: string;
  };
  /** nodemailer SMTP URL; unset = the outbox table (readable by operators and tests). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * The built-in test payment gateway (anyone at its checkout page can "pay"): off unless
   * TEST_GATEWAY_ENABLED=true, refused in production. Its HMAC secret is TEST_GATEWAY_SECRET, or else one
   * this installation generates and stores (never a value in the source).
   */
  testGateway: { enabled: boolean; secret: string | undefined };
  /** Uploaded files: local disk under dataDir/files, or an S3-compatible bucket (lib/s3-storage.ts). */
  storage: StorageConfig;
  /** Shared with the live-chat provider: the member context in a chat address is encrypted with it. */
  liveChatSecret: string | undefined;
  /** Transfer-mode vendors: call limit, reconciliation of pending transfers, the demo simulator. */
  vendors: {
    timeoutMs: number;
    reconcileIntervalMs: number;
    /** Pending transfers younger than this are left to the request that is still waiting on them. */
    reconcileAfterMs: number;
    /** Start the vendor simulator in-process (defaults to on with the demo seed). */
    simulator: boolean;
    simulatorPort: number;
    /** An external simulator's address; set, no simulator is started and SIM points there. */
    simulatorUrl: string | undefined;
  };
}

export type StorageConfig =
  | { driver: 'local' }
  | {
      driver: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      timeoutMs: number;
    };

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

/**
 * The test gateway lets anyone with a checkout page "pay", so it runs only when asked for, and never in a
 * production start (NODE_ENV=production or SEED_DEMO=false). No secret is written here: without
 * TEST_GATEWAY_SECRET the app generates one per installation (app.ts).
 */
function testGatewayOf(env: z.infer<typeof environmentSchema>): Config['testGateway'] {
  const enabled = env.TEST_GATEWAY_ENABLED ?? false;
  if (enabled && (env.NODE_ENV === 'production' || !env.SEED_DEMO)) {
    throw new ConfigError(
      'invalid configuration: TEST_GATEWAY_ENABLED: the test payment gateway credits deposits nobody paid; it runs only in a demo or test start, never with NODE_ENV=production or SEED_DEMO=false',
    );
  }
  return { enabled, secret: env.TEST_GATEWAY_SECRET };
}

/** STORAGE_DRIVER=s3 needs the endpoint, bucket and keys; refused at start-up, not at the first upload. */
function storageOf(env: z.infer<typeof environmentSchema>): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_BUCKET || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'invalid configuration: STORAGE_DRIVER=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return {
    driver: 's3',
    endpoint: S3_ENDPOINT,
    bucket: S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    timeoutMs: 20_000,
  };
}

/** Reads and validates the environment once; every other module receives the typed result. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  const env = parsed.data;
  if (env.SMS_PROVIDER === 'http' && !env.SMS_GATEWAY_URL) {
    throw new ConfigError('invalid configuration: SMS_GATEWAY_URL: required when SMS_PROVIDER is http');
  }
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(repoRoot, env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseReplica: env.DATABASE_REPLICA_URL
      ? { url: env.DATABASE_REPLICA_URL, maxLagMs: env.DATABASE_REPLICA_MAX_LAG_MS }
      : undefined,
    embeddedPostgresPort: env.EMBEDDED_PG_PORT,
    embeddedPostgresStatementStats: env.EMBEDDED_PG_STATEMENT_STATS,
    redisUrl: env.REDIS_URL,
    instanceId: env.INSTANCE_ID ?? randomBytes(4).toString('hex'),
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
    metrics: { token: env.METRICS_TOKEN },
    unknownHost: env.UNKNOWN_HOST ?? (env.NODE_ENV === 'production' || !env.SEED_DEMO ? 'refuse' : 'default'),
    sessionIdleMs: env.SESSION_IDLE_MINUTES * 60_000,
    sessionAbsoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    publicUrl: env.PUBLIC_URL,
    sms: {
      provider: env.SMS_PROVIDER,
      gatewayUrl: env.SMS_GATEWAY_URL,
      gatewayToken: env.SMS_GATEWAY_TOKEN,
      template: env.SMS_TEMPLATE,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    testGateway: testGatewayOf(env),
    storage: storageOf(env),
    liveChatSecret: env.LIVECHAT_SECRET,
    vendors: {
      timeoutMs: env.VENDOR_TIMEOUT_MS,
      reconcileIntervalMs: env.VENDOR_RECONCILE_INTERVAL_MS,
      reconcileAfterMs: env.VENDOR_RECONCILE_AFTER_MS,
      simulator: (env.VENDOR_SIM ?? env.SEED_DEMO) && !env.VENDOR_SIM_URL,
      simulatorPort: env.VENDOR_SIM_PORT,
      simulatorUrl: env.VENDOR_SIM_URL,
    },
  };
}
