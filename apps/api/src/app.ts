import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { spaPage } from './lib/spa-page.ts';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { responseSerializerCompiler } from './lib/serializer.ts';
import { API_VERSION, EARLY_DATA_SCRIPT, PRERENDER_GATE_SCRIPT, translate } from '@drop/shared';
import type { Config } from './config.ts';
import { openPglite, openPostgres, type Database } from './db/client.ts';
import { createQueue } from './jobs/queue.ts';
import type { Deps } from './lib/deps.ts';
import { forgetChangedSessions } from './plugins/auth.ts';
import { attachRealtime, broadcastingRoutes } from './plugins/realtime.ts';
import { SessionCache } from './lib/session-cache.ts';
import { listenForChanges } from './lib/change-listener.ts';
import { readModelOf } from './modules/catalog/read-model.ts';
import { registerRateLimiter } from './lib/rate-limiter.ts';
import { LOG_REDACT, logSerializers } from './lib/log-redact.ts';
import { devMailer, smtpMailer } from './mail/mailer.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { requestLocale } from './plugins/locale.ts';
import { healthRoutes } from './plugins/health.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { staffRoutes } from './modules/staff/staff.routes.ts';
import { staffViewsRoutes } from './modules/staff-views/staff-views.routes.ts';
import { reportsAdminRoutes } from './modules/reports/reports.routes.ts';
import { adminExportsRoutes } from './modules/admin-exports/admin-exports.routes.ts';
import { authRoutes, passwordRoutes } from './modules/auth/auth.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { devicesRoutes } from './modules/devices/devices.routes.ts';
import { catalogRoutes, promoRoutes, storageRoutes } from './modules/catalog/catalog.routes.ts';
import { favoritesRoutes, productNotificationsRoutes } from './modules/favorites/favorites.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { financeAdminRoutes, financeRoutes } from './modules/finance/finance.routes.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { deliveryRoutes } from './modules/delivery/delivery.routes.ts';
import { mediaFilesRoutes, ordersRoutes, statisticsRoutes } from './modules/orders/orders.routes.ts';
import { ordersAdminRoutes } from './modules/orders/orders-admin.routes.ts';
import { printingOrdersRoutes, printingSettingsRoutes } from './modules/printing/printing.routes.ts';
import { worklistsAdminRoutes } from './modules/worklists/worklists.routes.ts';
import { catalogAdminRoutes } from './modules/catalog/catalog-admin.routes.ts';
import { catalogStockRoutes } from './modules/catalog/catalog-stock.routes.ts';
import { picturesAdminRoutes } from './modules/pictures/pictures.routes.ts';
import { resumeConversionAtBoot } from './modules/pictures/pictures.service.ts';
import { runPictureConversionJob } from './modules/pictures/pictures.job.ts';
import { settingsAdminRoutes } from './modules/settings/settings-admin.routes.ts';
import { npSenderRoutes } from './modules/settings/np-sender.routes.ts';
import { notificationsAdminRoutes } from './modules/notifications/notifications-admin.routes.ts';
import { marketsRoutes } from './modules/markets/markets.routes.ts';
import { marketplaceConnectionsRoutes, marketplaceOrdersRoutes } from './modules/marketplaces/marketplaces.routes.ts';
import { startMarketplacePoller } from './modules/marketplaces/marketplace-poller.ts';
import { runMarketplaceSync } from './modules/marketplaces/marketplace-sync.ts';
import { marketplaceClients, registerMarketplaceEmulators } from './integrations/marketplaces/registry.ts';
import { dataDirKey, parseSecretsKey, secretBox } from './lib/secret-box.ts';
import { exportSettingsRoutes, providersRoutes, publicFeedRoutes } from './modules/exports/exports.routes.ts';
import { onecRoutes } from './modules/onec/exchange.routes.ts';
import { runFeedBuildJob, startFeedScheduler } from './modules/exports/exports.service.ts';
import { startTracking } from './modules/orders/tracking.service.ts';
import { reservationSystemOf, runReservation } from './modules/orders/reservation.service.ts';
import { novaPoshtaClient } from './integrations/novaposhta/client.ts';
import { NP_EMULATOR_DEFAULT_KEY, NP_EMULATOR_PATH, novaPoshtaEmulator } from './integrations/novaposhta/emulator.ts';
import { startRestockWatcher } from './modules/notifications/notifications.service.ts';

/** Query strings: `key[]=a&key[]=b` and `key=a&key=b` both arrive as `key: [a, b]`. */
function parseQuery(str: string): Record<string, unknown> {
  const out = Object.create(null) as Record<string, unknown>;
  for (const [rawKey, value] of new URLSearchParams(str)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    if (prev === undefined) out[key] = isList ? [value] : value;
    else out[key] = Array.isArray(prev) ? [...(prev as string[]), value] : [prev as string, value];
  }
  return out;
}

const cspHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
/**
 * The CSP sources of the web build's only inline scripts: the prerendered landing page's locale gate
 * and the dashboard HTML's early reads (both shared constants the build inserts as they are).
 */
export const INLINE_SCRIPT_HASHES = [cspHash(PRERENDER_GATE_SCRIPT), cspHash(EARLY_DATA_SCRIPT)];

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

export interface BuildOptions {
  /** An open, migrated database; when given, the app does not close it. */
  database?: Database;
  /** Start the job workers (default true). */
  startJobs?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** Prefix of the rate-limit keys in Redis (default `rl:`): tests sharing one Redis keep theirs apart. */
  rateLimitPrefix?: string;
}

/** LOG_FORMAT=pretty (development): a request is two short lines, `GET /api/v1/… ` and its status; errors keep their stack. */
const PRETTY_LOG = {
  translateTime: 'SYS:HH:MM:ss.l',
  colorize: true,
  ignore: 'pid,hostname,reqId,req,res,responseTime',
  messageFormat: '{msg}{if req.url} {req.method} {req.url}{end}{if res.statusCode} → {res.statusCode}{end}',
};

/** Builds the Fastify instance (no listen): tests use it through inject. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  if (!config.npApiUrl && !config.npEmulator)
    throw new Error('Invalid configuration:\n  NP_API_URL: required (or NP_EMULATOR=1 for the built-in Nova Poshta emulator, benchmarks and demos only)');
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: LOG_REDACT,
            serializers: logSerializers,
            ...(opts.logStream
              ? { stream: opts.logStream }
              : config.logFormat === 'pretty'
                ? { transport: { target: 'pino-pretty', options: PRETTY_LOG } }
                : {}),
          },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200, querystringParser: parseQuery },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler(config.env !== 'production'));

  const database = opts.database ?? (await openDatabase(config));
  const mailer = config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeoutMs)
    : devMailer(database.db, app.log, config.env !== 'production');
  const sessions = new SessionCache();
  const reservations = reservationSystemOf(config);
  const realtime = await attachRealtime(app, { config, db: database.db, sessions }, app.log);
  const queue = createQueue(database, {
    mailer,
    log: app.log,
    pollSeconds: config.jobPollSeconds,
    retryDelaySeconds: config.jobRetryDelaySeconds,
    connectionString: config.databaseUrl,
    push: (job) => realtime.push(job),
    reserve: (job, complete) => runReservation(deps, reservations, job, complete),
    buildFeed: (job) => runFeedBuildJob(deps, job, app.log),
    convertPictures: (job) => runPictureConversionJob(deps, job, app.log),
    syncMarketplace: (job) => runMarketplaceSync(deps, app.log, job),
  });
  // @fastify/rate-limit: Redis when REDIS_URL is set (shared by every API process), in memory otherwise.
  const limiter = await registerRateLimiter(app, { redis: config.redisUrl, prefix: opts.rateLimitPrefix });
  const catalogue = readModelOf(database.db);
  const stopChangeListener = await listenForChanges(database, [sessions, catalogue, realtime.watcher], app.log, config.databaseUrl);
  const novaPoshta = novaPoshtaClient({
    // Unset: the emulator on this very server (its port is known once it listens).
    url: () => config.npApiUrl ?? `http://127.0.0.1:${(app.server.address() as { port?: number } | null)?.port ?? config.port}${NP_EMULATOR_PATH}`,
    // The emulator wants a sender key on waybill calls, as Nova Poshta does.
    apiKey: config.npApiUrl ? config.npApiKey : (config.npApiKey ?? NP_EMULATOR_DEFAULT_KEY),
    log: app.log,
    // NP's print service (markings); unset: the emulator's on this server.
    printUrl: () => config.npPrintUrl ?? `http://127.0.0.1:${(app.server.address() as { port?: number } | null)?.port ?? config.port}/emulators/novaposhta`,
  });
  // Unset marketplace URLs: the emulators on this very server.
  const marketplaces = marketplaceClients(config, () => `http://127.0.0.1:${(app.server.address() as { port?: number } | null)?.port ?? config.port}`);
  const secrets = secretBox(config.secretsKey ? parseSecretsKey(config.secretsKey) : dataDirKey(config.dataDir));
  const deps: Deps = { config, database, db: database.db, queue, mailer, limiter, sessions, realtime, novaPoshta, marketplaces, secrets };
  app.decorate('deps', deps);

  app.addHook('onClose', async () => {
    await stopChangeListener();
    await queue.stop();
    await limiter.close();
    mailer.close();
    if (!opts.database) await database.close();
  });

  registerErrorHandler(app);
  registerInputGuard(app);
  // Before compress: its answer is stored as the JSON text it is.
  registerIdempotency(app);
  registerSecurityHeaders(
    app,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Two inline scripts, each by the hash of its text: the landing page's locale gate, the dashboard's early reads.
          scriptSrc: ["'self'", ...INLINE_SCRIPT_HASHES],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          objectSrc: ["'none'"],
          // The back office previews a PDF receipt it fetched with the token in an <iframe> of a blob: URL.
          frameSrc: ["'self'", 'blob:'],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
    { 'x-api-version': API_VERSION },
  );
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  // A callback hook, not an async one: it runs for every answer and has nothing to wait for.
  app.addHook('onSend', (req, _reply, payload, done) => {
    forgetChangedSessions(req);
    // Favourites, subscriptions and cart lines this request changed show in the very next list.
    if (req.auth && req.method !== 'GET' && req.method !== 'HEAD') catalogue.forgetUser(req.auth.user.id);
    done(null, payload);
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Drop reseller portal API', version: API_VERSION, description: 'Every body is {data: ...}; 422 {message, errors}; 400 {message, code}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(passwordRoutes, { prefix: '/password' });
      await api.register(devicesRoutes, { prefix: '/user-devices' });
      await api.register(settingsRoutes);
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(catalogRoutes);
      await api.register(favoritesRoutes, { prefix: '/favorite-products' });
      await api.register(productNotificationsRoutes, { prefix: '/product-notifications' });
      await api.register(notificationsRoutes, { prefix: '/notifications' });
      await api.register(financeRoutes);
      await api.register(statisticsRoutes);
      await api.register(cartRoutes, { prefix: '/carts' });
      await api.register(deliveryRoutes, { prefix: '/delivery' });
      await api.register(ordersRoutes, { prefix: '/orders' });
      await api.register(mediaFilesRoutes, { prefix: '/media-files' });
      await api.register(marketsRoutes, { prefix: '/markets' });
      await api.register(marketplaceConnectionsRoutes, { prefix: '/marketplace-connections' });
      await api.register(marketplaceOrdersRoutes, { prefix: '/marketplace-orders' });
      await api.register(exportSettingsRoutes, { prefix: '/export-settings' });
      await api.register(providersRoutes, { prefix: '/providers' });
      await api.register(financeAdminRoutes, { prefix: '/admin' });
      await api.register(ordersAdminRoutes, { prefix: '/admin/orders' });
      await api.register(printingOrdersRoutes, { prefix: '/admin/orders' });
      await api.register(printingSettingsRoutes, { prefix: '/admin/printing' });
      await api.register(worklistsAdminRoutes, { prefix: '/admin' });
      await api.register(catalogAdminRoutes, { prefix: '/admin/catalog' });
      await api.register(catalogStockRoutes, { prefix: '/admin/catalog' });
      await api.register(picturesAdminRoutes, { prefix: '/admin/catalog/pictures' });
      await api.register(settingsAdminRoutes, { prefix: '/admin' });
      await api.register(npSenderRoutes, { prefix: '/admin' });
      await api.register(notificationsAdminRoutes, { prefix: '/admin/notifications' });
      await api.register(staffRoutes, { prefix: '/admin' });
      await api.register(staffViewsRoutes, { prefix: '/admin' });
      await api.register(reportsAdminRoutes, { prefix: '/admin/reports' });
      await api.register(adminExportsRoutes, { prefix: '/admin' });
    },
    { prefix: '/api/v1' },
  );
  await app.register(broadcastingRoutes, { prefix: '/broadcasting', realtime });
  if (config.npEmulator) {
    if (config.env === 'production')
      app.log.warn('NP_EMULATOR=1: the built-in Nova Poshta emulator serves /emulators/novaposhta; parcels are not real (benchmarks and demos only)');
    await app.register(novaPoshtaEmulator, {
      prefix: '/emulators/novaposhta',
      db: database.db,
      apiKey: config.npApiKey ?? NP_EMULATOR_DEFAULT_KEY,
      stepSeconds: config.npEmulatorStepSeconds,
    });
  }
  if (config.marketplaceEmulators) {
    if (config.env === 'production')
      app.log.warn('MARKETPLACE_EMULATORS=1: built-in Prom.ua, Rozetka and Horoshop emulators serve /emulators/*; their orders are not real (demos only)');
    await registerMarketplaceEmulators(app, database.db);
  }
  await app.register(promoRoutes, { prefix: '/api/products' });
  await app.register(storageRoutes, { prefix: '/storage' });
  await app.register(publicFeedRoutes, { prefix: '/feeds' });
  await app.register(onecRoutes);
  if (config.env !== 'production' && !config.smtpUrl) await app.register(devRoutes, { prefix: '/dev' });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasSpa = fs.existsSync(indexHtml);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      // Looked up per request, so a rebuilt SPA is served without a restart; misses reach the SPA fallback.
      wildcard: true,
      // `/` is the landing page: the build's landing.html is index.html that also preloads its chunks.
      index: ['landing.html', 'index.html'],
      // The web build writes .br (quality 11) and .gz next to each text file; others are compressed per request.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url.startsWith('/api') || url.startsWith('/dev/');
    const isAsset = url.startsWith('/assets/') || /\.[a-z0-9]{2,5}$/i.test(url);
    if (!isApi && !isAsset && hasSpa && (req.method === 'GET' || req.method === 'HEAD')) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').sendFile(spaPage(config.webDist, url));
    }
    return reply.code(404).send({ message: translate('not_found', requestLocale(req)), code: 'NotFound' });
  });

  if (opts.startJobs !== false) {
    await queue.start();
    // Pictures stored before issue 30: converted in the background (a run left running goes on).
    await resumeConversionAtBoot(deps, app.log);
    const stopRestocks = startRestockWatcher(deps, app.log, config.jobPollSeconds * 1000);
    app.addHook('preClose', stopRestocks);
    const stopTracking = startTracking(deps, app.log, config.trackingIntervalSeconds * 1000);
    app.addHook('preClose', stopTracking);
    const stopFeeds = startFeedScheduler(deps, app.log, config.feedScheduleSeconds * 1000);
    app.addHook('preClose', stopFeeds);
    // Connections are due each at its own time (their backoff); the pass looks for due ones this often.
    const stopMarketplaces = startMarketplacePoller(deps, app.log, Math.min(config.marketplacePollSeconds, 30) * 1000);
    app.addHook('preClose', stopMarketplaces);
  }
  return app;
}
