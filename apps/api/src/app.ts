import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@mawingu/contracts/messages';
import { openCacheBus } from './cache/cache-bus.ts';
import { createReplyCache } from './cache/reply-cache.ts';
import { subscribeCaches } from './cache/subscriptions.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { registerCustomerIdentification } from './http/auth-guard.ts';
import { customerApiOnly } from './http/customer-api-docs.ts';
import { registerErrorHandling } from './http/error-handler.ts';
import { createFormActionPolicy } from './http/form-action-policy.ts';
import { openRateLimitStorage } from './http/rate-limit/storage.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerAccessLog } from './http/access-log.ts';
import { createReadLane } from './http/read-lane.ts';
import { createAdmission, registerAdmission } from './http/admission.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { builtAssets } from './http/built-assets.ts';
import { spaShell } from './http/spa-shell.ts';
import { registerRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { registerMetrics } from './observability/metrics-server.ts';
import { flushTraces } from './observability/tracing.ts';
import { healthRoutes } from './modules/platform/health/routes.ts';
import { createReadiness } from './modules/platform/health/readiness.ts';
import type { FileStore } from './integrations/storage/file-store.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { MailTransport } from './integrations/mail/mail.ts';
import { devToolsRoutes } from './modules/platform/dev/dev-tools.ts';
import { createModules, doorsOf, type Modules } from './modules/create-modules.ts';
import { ADMIN_PREFIX, registerOperatorIdentification } from './console/operator-guard.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  fileStore: FileStore;
  mailTransport: MailTransport;
  /** The process's logger; without one the app logs at the configured level on its own. */
  logger?: Logger;
};

/** The HTTP app and the domains it was built from (main.ts works their jobs; tests reach their services). */
export type BuiltApp = { app: FastifyInstance; modules: Modules };

/** Builds the whole HTTP app (API, docs, SPA) without listening; tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<BuiltApp> {
  const { config, database } = deps;
  const requestId = requestIdOf(config.trustProxy);
  // A visitor's repeat of a public read is answered before Fastify, from the reply cache (ADR 0133).
  const lane = createReadLane({ trust: config.trustProxy, requestIdOf: requestId });
  const app: FastifyInstance = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger as FastifyBaseLogger }
      : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } }),
    // X-Request-Id from a trusted proxy, else a new UUID; echoed on every reply.
    genReqId: requestId,
    // One access line per request instead of Fastify's two (http/access-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    serverFactory: lane.serverFactory,
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (rate limits, login counters, PayFast's source check, logs).
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNulGuard(app);
  registerRequestIdHeader(app);
  registerAccessLog(app);
  // METRICS_PORT: request durations by route, and /metrics on a listener of its own.
  const timeRequest = registerMetrics(app, config.metrics, deps.queue);
  // On PostgreSQL a busy instance's database replies wait a turn of the loop each: new requests take
  // turns so those under way finish (ADR 0131). PGlite answers in the same thread, without a turn.
  const admission = database.kind === 'postgres' && config.admitPerTurn > 0 ? createAdmission({ perTurn: config.admitPerTurn }) : undefined;
  if (admission) registerAdmission(app, admission);
  // OTEL_EXPORTER_OTLP_ENDPOINT: a stopping server hands over the spans it still holds.
  app.addHook('onClose', flushTraces);

  // form-action per company: 'self' and its form-post gateways (looked up before helmet writes the header).
  const formAction = createFormActionPolicy();
  app.addHook('onRequest', formAction.onRequest);
  registerSecurityHeaders(app, {
    formActionOf: formAction.formActionOf,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine sets style attributes at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: the customer's own picture is fetched with the session's headers and shown from a blob URL.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'https:'],
      frameSrc: ["'self'", 'https://www.youtube.com', 'https://www.youtube-nocookie.com'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      // pdf.js (terms and privacy viewer) runs its parser in a worker loaded from this site.
      workerSrc: ["'self'", 'blob:'],
      upgradeInsecureRequests: null,
    },
  });
  // Per-address limits count for all instances together: in Redis (REDIS_URL) or the shared PostgreSQL.
  const rateLimits = await openRateLimitStorage(config, database, app.log);
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, { global: false, ...rateLimits.options });
  // Uploads (profile image, ticket attachments). These are ceilings for any upload; each route
  // passes its own tighter limits to req.file()/req.parts() and checks the bytes it receives.
  await app.register(multipart, {
    limits: { fileSize: 20 * 1024 * 1024, files: 4, fields: 10, fieldSize: 64 * 1024, parts: 14, headerPairs: 100 },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Mawingu API', version: '2.4.33', description: 'Every reply is { status, message, data }.' },
    },
    // Published for everyone, so the customer API only: the operator console's routes stay out.
    transform: customerApiOnly,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // A change made through any instance drops the cached copies on all of them (cache/cache-bus.ts).
  const caches = await openCacheBus(database, app.log);
  app.addHook('onClose', () => caches.close());
  // The public reads' replies, serialised once per company until the bus says its data changed.
  const replies = createReplyCache(caches, config.cacheTtlMs, lane.mayRepeat);
  lane.register(app, { caches, ttlMs: config.cacheTtlMs, timeRequest, admission });
  const modules = createModules({ ...deps, caches, replies, log: app.log });
  const { tenant, identity, catalogue, orders, gatewayAccounts, machines, operators } = modules;
  formAction.use({ companyAt: tenant.company.findByOrigin, checkoutFormOrigins: gatewayAccounts.checkoutFormOrigins });
  subscribeCaches(caches, {
    company: tenant.company,
    catalog: catalogue.catalog,
    productServices: catalogue.productServices,
    purchaseTerms: orders.purchaseTerms,
    gatewayCredentials: gatewayAccounts,
  });
  registerCustomerIdentification(app, { accessTokens: identity.accessTokens, sessions: identity.sessions, company: tenant.company });
  registerOperatorIdentification(app, { db: database.db, tokens: operators.operatorTokens });

  // /api/health and /api/ready for load balancers: before any tenant lookup, never rate-limited.
  const readiness = createReadiness(database, app.log);
  app.decorate('readiness', readiness);
  await app.register(healthRoutes(readiness), { prefix: '/api' });
  // Each domain's two doors: the customer's under /api, the operator console's under /api/admin.
  const doors = doorsOf(modules);
  await app.register(
    async (api) => {
      for (const door of doors) if (door.customerRoutes) await api.register(door.customerRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (admin) => {
      for (const door of doors) if (door.consoleRoutes) await admin.register(door.consoleRoutes);
    },
    { prefix: ADMIN_PREFIX },
  );

  // /dev/*: the outbox and the gateway sandboxes (never in production), for this machine only unless DEV_TOOLS=open.
  await app.register(devToolsRoutes(config, database.db));
  await app.register(machines.simulatorConsole);

  const shell = await spaShell(config.webDist, lane.mayRepeat);
  if (shell) await app.register(builtAssets(config.webDist, lane.mayRepeat));

  app.setNotFoundHandler((req, res) => {
    const url = req.url.split('?')[0] ?? '';
    // /metrics too: metrics are never served on the site's port (METRICS_PORT has its own listener).
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/') || url === '/metrics') {
      return res.code(404).send({ status: 404, message: messages.routeNotFound, data: null });
    }
    // Every other GET is a route of the SPA (unknown paths render home there).
    if (shell && (req.method === 'GET' || req.method === 'HEAD')) return shell.send(req, res);
    return res.code(404).send({ status: 404, message: messages.routeNotFound, data: null });
  });

  return { app, modules };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /api/ready answers; main.ts calls `stopServing()` on SIGTERM. */
    readiness: ReturnType<typeof createReadiness>;
  }
}
