import fastifyRateLimit from '@fastify/rate-limit';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import fastifyWebsocket from '@fastify/websocket';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerApiContext } from './http/api-context';
import { AppError, answerFrameworkError, registerErrorHandling } from './http/errors';
import { registerMetrics } from './http/metrics';
import { registerHealth, registerOpenApi } from './http/operations';
import { registerRequestContext, requestIdOf } from './http/request-context';
import { registerSecurityHeaders } from './http/security';
import { validatorCompiler } from './http/validation';
import { registerUnknownHostRefusal } from './http/unknown-host';
import { registerWebApp } from './http/web-app';
import { ClusterBus } from './lib/cluster-bus';
import type { GeoIp } from './lib/geoip';
import { MerchantDirectory } from './modules/system';
import { agentRoutes } from './modules/agents/agents.routes';
import { contractRoutes } from './modules/agents/contracts.routes';
import { rewardCommentRoutes } from './modules/rewards/comments.routes';
import { rewardDrawRoutes } from './modules/rewards/draws.routes';
import { rewardRoutes } from './modules/rewards/rewards.routes';
import { pointsRoutes } from './modules/points/points.routes';
import { authRoutes } from './modules/auth/auth.routes';
import {
  createMailer,
  httpSmsProvider,
  openEncryption,
  outboxSmsProvider,
  type Encryption,
  type LoginGuard,
  type Mailer,
  type SmsProvider,
} from './modules/auth';
import { memberRoutes } from './modules/members/members.routes';
import { systemRoutes } from './modules/system/system.routes';
import { opsMerchantRoutes } from './modules/system/ops-merchants.routes';
import { opsSettingsRoutes } from './modules/system/ops-settings.routes';
import { opsChannelRoutes } from './modules/payments/ops-channels.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { localDiskStorage, type FileStorage } from './lib/storage';
import { s3Storage } from './lib/s3-storage';
import { operatorRoutes } from './modules/operators/operators.routes';
import { staffRoutes } from './modules/operators/staff.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { gatewayCallbackRoutes, testGatewayPages } from './modules/payments/gateway.routes';
import { createTestGateway, type GatewayRegistry, type PaymentGateway } from './modules/payments';
import { installationSecret } from './modules/security';
import { memberMoneyRoutes } from './modules/payments/member-money.routes';
import { opsPaymentRoutes } from './modules/payments/ops-payments.routes';
import { opsPlayerRoutes } from './modules/players/players.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { seamlessRoutes } from './modules/seamless/seamless.routes';
import { historyRoutes } from './modules/history/history.routes';
import { inhouseRoutes } from './modules/inhouse/inhouse.routes';
import { lotteryRoutes } from './modules/lottery/lottery.routes';
import { transferWalletRoutes } from './modules/transfer-wallet/transfer-wallet.routes';
import { createVendorRegistry, type VendorRegistry } from './modules/vendors';
import { GameCatalogue } from './modules/games';
import { formatMinor } from '@portal/contracts';
import { PushHub } from './modules/push';
import { pushRoutes } from './modules/push/push.routes';
import { mainBalanceMinor } from './modules/wallet';
import { gamesMediaRoutes } from './modules/games/games-media.routes';
import { gamesRoutes } from './modules/games/games.routes';
import { opsGamesRoutes } from './modules/games/ops-games.routes';
import { contentOpsRoutes } from './modules/content/content-ops.routes';
import { contentRoutes } from './modules/content/content.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { registerOpsRoutes } from './modules/operators';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { messageRoutes } from './modules/messages/messages.routes';
import type { Clock } from './jobs/clock';
import { checkLogin } from './modules/responsible-gaming';
import { responsibleGamingRoutes } from './modules/responsible-gaming/responsible-gaming.routes';

/** API calls (not /docs, /metrics or pages) get the API security headers. */
function isApiCall(url: string): boolean {
  return (
    url.startsWith('/wps/') ||
    url.startsWith('/lgw/') ||
    url.startsWith('/lotto/') ||
    url.startsWith('/ops/') ||
    url.startsWith('/vendor/')
  );
}

/** What the app needs from the outside; tests pass their own database and settings. */
export interface AppDependencies {
  config: Config;
  database: Database;
  geoIp: GeoIp;
  /** The clock of responsible-gaming cooling-offs and blocks (the system's unless a test drives one). */
  clock?: Clock;
}

export interface AppServices extends AppDependencies {
  merchants: MerchantDirectory;
  encryption: Encryption;
  sms: SmsProvider;
  mailer: Mailer;
  /** Uploaded files (proofs, feedback and content images): DATA_DIR/files, or S3 with STORAGE_DRIVER=s3. */
  storage: FileStorage;
  /** The payment gateways this server runs, by code. */
  gateways: GatewayRegistry;
  /** Transfer-mode vendors and their adapters (transfer wallet, reconciliation). */
  vendors: VendorRegistry;
  /** Each merchant's game catalogue in memory (LISTEN portal_catalogue; main.ts subscribes). */
  catalogue: GameCatalogue;
  /** Every login passes it before its session opens (responsible gaming: breaks and exclusions). */
  loginGuard: LoginGuard;
  /**
   * The one server-to-browser push hub (decision 0042): publish(topic, event) / subscribe(topic, listener);
   * across instances once main.ts has called listen().
   */
  push: PushHub;
  /**
   * The instance's one cross-instance transport (settings, catalogue and vendor changes by LISTEN; pushes
   * by Redis or NOTIFY; decision 0051); main.ts connects it with listen().
   */
  bus: ClusterBus;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppServices;
  }
}

/**
 * Builds the HTTP application: external plugins, then our own (context, errors, metrics), then the
 * modules. It does not listen; main.ts does, and tests use `app.inject`.
 */
export async function buildApp(dependencies: AppDependencies): Promise<FastifyInstance> {
  const { config } = dependencies;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: requestIdOf,
    return503OnClosing: true,
    // Fastify ignores what this returns; the reply is sent inside.
    frameworkErrors: (error, request, reply) => void answerFrameworkError(error, request, reply),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const { db } = dependencies.database;
  // The one cross-instance transport (decision 0051); main.ts connects it, tests may.
  const bus = new ClusterBus({
    ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}),
    onError: (error, what) => app.log.warn({ err: error }, `cluster bus ${what} failed`),
  });
  const merchants = new MerchantDirectory({
    db,
    ttlMs: config.configCacheTtlMs,
    unknownHost: config.unknownHost,
    bus,
  });
  const encryption = await openEncryption(db);
  const sms = config.sms.provider === 'http' ? httpSmsProvider(config.sms) : outboxSmsProvider(db);
  const mailer = createMailer(db, config.smtpUrl, config.mailFrom);
  const storage =
    config.storage.driver === 's3'
      ? s3Storage(config.storage)
      : localDiskStorage(path.join(config.dataDir, 'files'));
  const testGatewaySecret = config.testGateway.enabled
    ? (config.testGateway.secret ?? (await installationSecret(db, 'test-gateway')))
    : undefined;
  const gatewayList: PaymentGateway[] = testGatewaySecret ? [createTestGateway(testGatewaySecret)] : [];
  const gateways: GatewayRegistry = new Map(gatewayList.map((gateway) => [gateway.code, gateway]));
  const vendors = createVendorRegistry(db, { timeoutMs: config.vendors.timeoutMs });
  const catalogue = new GameCatalogue({ db, ttlMs: config.configCacheTtlMs, bus });
  const push = new PushHub({
    bus,
    // A player's header balance: the main wallet as member info shows it.
    readBalance: async (merchantId, memberId) => {
      const merchant = (await merchants.current()).byId.get(merchantId);
      if (!merchant) return undefined;
      const minor = await mainBalanceMinor(db, merchant, memberId);
      return {
        type: 'balance',
        balance: formatMinor(minor, merchant.currency.decimals),
        currencyCode: merchant.currency.code,
      };
    },
    onError: (error, what) => app.log.warn({ err: error }, `push ${what} failed`),
  });
  app.decorate('deps', {
    ...dependencies,
    merchants,
    encryption,
    sms,
    mailer,
    storage,
    gateways,
    vendors,
    catalogue,
    push,
    bus,
    // Read at each login, so a test may set app.deps.clock after building the app.
    loginGuard: (db, member) => checkLogin(db, member, new Date(app.deps.clock?.now() ?? Date.now())),
  });
  // Forms (the forgot-password call of spec section 7) arrive URL-encoded; they become plain objects.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  app.addHook('onClose', async () => {
    await push.close();
    await bus.close();
  });

  // External plugins.
  // Game pages of outside vendors open in the game popup's frame: https origins, and outside production
  // the vendor simulator on this machine (any port: tests and the demo pick a free one).
  registerSecurityHeaders(
    app,
    isApiCall,
    config.environment === 'production' ? ['https:'] : ['https:', 'http://127.0.0.1:*', 'http://localhost:*'],
  );
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Limit headers only on refusals (with Retry-After): fewer bytes on every successful reply.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(redis ? { redis } : {}),
    allowList: (request) =>
      request.url === '/healthz' || request.url === '/readyz' || request.url === '/metrics',
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', `Too many requests; retry in ${context.after}`),
  });
  // The push channel's WebSocket upgrades run through the routes' hooks like any request (decision 0042).
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await registerOpenApi(app);

  // Our own plugins.
  registerRequestContext(app, config.instanceId);
  registerErrorHandling(app);
  registerUnknownHostRefusal(app);
  registerMetrics(app, dependencies.database.pool, config.metrics, dependencies.database.replica);
  registerHealth(app);

  // Modules: every API route sees its merchant and visitor.
  await app.register(async (api) => {
    registerApiContext(api);
    // Every /ops route's guard from ops-access.ts, and each write one audited unit of work.
    registerOpsRoutes(api);
    await api.register(systemRoutes);
    await api.register(authRoutes);
    await api.register(memberRoutes);
    await api.register(walletRoutes);
    await api.register(transferWalletRoutes);
    await api.register(historyRoutes);
    await api.register(agentRoutes);
    await api.register(contractRoutes);
    await api.register(rewardRoutes);
    await api.register(rewardDrawRoutes);
    await api.register(rewardCommentRoutes);
    await api.register(pointsRoutes);
    await api.register(lotteryRoutes);
    await api.register(operatorRoutes);
    await api.register(staffRoutes);
    await api.register(paymentRoutes);
    await api.register(memberMoneyRoutes);
    await api.register(opsPaymentRoutes);
    await api.register(opsChannelRoutes);
    await api.register(opsSettingsRoutes);
    await api.register(opsMerchantRoutes);
    await api.register(opsPlayerRoutes);
    await api.register(reportRoutes);
    await api.register(gatewayCallbackRoutes);
    await api.register(inhouseRoutes);
    await api.register(gamesRoutes);
    await api.register(opsGamesRoutes);
    await api.register(contentRoutes);
    await api.register(contentOpsRoutes);
    await api.register(messageRoutes);
    await api.register(feedbackRoutes);
    await api.register(auditRoutes);
    await api.register(responsibleGamingRoutes);
    await api.register(pushRoutes);
  });
  // Generated game and vendor icons: pictures drawn from the path, no merchant needed.
  await app.register(gamesMediaRoutes);
  // Vendors call server to server with signed bodies; no player merchant or visitor context.
  await app.register(seamlessRoutes);

  // The test gateway's checkout pages stand for an outside provider: no merchant scope, page headers.
  if (testGatewaySecret) await app.register(testGatewayPages(testGatewaySecret));
  await registerWebApp(app, config.webDistDir);
  return app;
}
