import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { messages } from '@mawingu/contracts/messages';
import { openCacheBus, type CacheBus } from './cache/cache-bus.ts';
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
import { registerRequestIdHeader, requestIdOf } from './http/request-id.ts';
import { registerMetrics } from './observability/metrics-server.ts';
import { flushTraces } from './observability/tracing.ts';
import { healthRoutes } from './modules/platform/health/routes.ts';
import { createReadiness } from './modules/platform/health/readiness.ts';
import type { FileStore } from './integrations/storage/file-store.ts';
import type { Fulfilments } from './modules/orders/fulfil-order-job.ts';
import type { JobQueue } from './jobs/queue.ts';
import { renewalRoutes } from './modules/orders/renewals/routes.ts';
import { createRenewalService } from './modules/orders/renewals/service.ts';
import { vmChangeRoutes } from './modules/orders/vm-changes/routes.ts';
import { createVmChangeService } from './modules/orders/vm-changes/service.ts';
import type { MailTransport } from './integrations/mail/mail.ts';
import { sendMailJob } from './modules/platform/mail/send-mail-job.ts';
import { catalogRoutes } from './modules/catalogue/catalog/routes.ts';
import { createCatalogService } from './modules/catalogue/catalog/service.ts';
import { companyRoutes } from './modules/tenant/company/routes.ts';
import { createCompanyService } from './modules/tenant/company/service.ts';
import { devToolsRoutes } from './modules/platform/dev/dev-tools.ts';
import { fileRoutes } from './modules/tenant/files/routes.ts';
import { createFileService } from './modules/tenant/files/service.ts';
import { createMailService } from './modules/platform/mail/service.ts';
import { domainRoutes } from './modules/tenant/domains/routes.ts';
import { createDomainService } from './modules/tenant/domains/service.ts';
import { productServicesRoutes } from './modules/catalogue/product-services/routes.ts';
import { createProductServicesService } from './modules/catalogue/product-services/service.ts';
import { selectDomainAvailability } from './integrations/domains/select-domain-availability.ts';
import { contactRoutes } from './modules/content/contact/routes.ts';
import { createContactService } from './modules/content/contact/service.ts';
import { faqRoutes } from './modules/content/faq/routes.ts';
import { createFaqService } from './modules/content/faq/service.ts';
import { newsRoutes } from './modules/content/news/routes.ts';
import { createNewsService } from './modules/content/news/service.ts';
import { newsletterRoutes } from './modules/content/newsletter/routes.ts';
import { createAccessTokens } from './modules/identity/auth/access-tokens.ts';
import { resolveAuthSecret } from './modules/identity/auth/auth-secret.ts';
import { createSessionStore } from './modules/identity/auth/session-store.ts';
import { createAuthModule } from './modules/identity/auth/auth-module.ts';
import { countryRoutes } from './modules/tenant/countries/routes.ts';
import { createCountryService } from './modules/tenant/countries/service.ts';
import { createNotificationService } from './modules/identity/notifications/service.ts';
import { notificationRoutes } from './modules/identity/notifications/routes.ts';
import { profileRoutes } from './modules/identity/profile/routes.ts';
import { purchaseRoutes } from './modules/orders/purchase/routes.ts';
import { createPurchaseService } from './modules/orders/purchase/service.ts';
import { createPurchaseTerms } from './modules/orders/purchase/purchase-terms.ts';
import { withCompanyGateways } from './modules/orders/purchase/configured-gateways.ts';
import { createGatewayCredentials } from './modules/billing/payments/gateway-credentials.ts';
import { GATEWAYS } from '@mawingu/contracts/purchase';
import { createProfileService } from './modules/identity/profile/service.ts';
import { createNewsletterService } from './modules/content/newsletter/service.ts';
import { createNewsletterLinks } from './modules/content/newsletter/links.ts';
import { invoiceRoutes } from './modules/billing/invoices/routes.ts';
import { createInvoiceService, type InvoiceService } from './modules/billing/invoices/service.ts';
import { savedRoutes } from './modules/catalogue/saved/routes.ts';
import { createSavedService } from './modules/catalogue/saved/service.ts';
import { ticketRoutes } from './modules/support/tickets/routes.ts';
import { createTicketService } from './modules/support/tickets/service.ts';
import { selectHypervisors } from './integrations/hypervisors/select-hypervisors.ts';
import { vmRoutes } from './modules/machines/vms/routes.ts';
import { createVmService } from './modules/machines/vms/service.ts';
import { vmAccessRoutes } from './modules/machines/vm-access/routes.ts';
import { createVmAccessService } from './modules/machines/vm-access/service.ts';
import { createSshKeyService } from './modules/machines/vm-access/ssh-keys.ts';
import { createConsoleTokens } from './modules/machines/vms/console-token.ts';
import { simulatorConsoleRoutes } from './modules/machines/vms/simulator-console-routes.ts';
import { vmActionRoutes } from './modules/machines/vms/vm-action-routes.ts';
import { createVmActionService } from './modules/machines/vms/vm-action-service.ts';
import { publicIpRoutes } from './modules/machines/public-ips/routes.ts';
import { createPublicIpService } from './modules/machines/public-ips/service.ts';
import { selectPublicIp } from './integrations/network/select-public-ip.ts';
import { paymentNotifyRoutes } from './modules/billing/payments/notify-routes.ts';
import { paymentRoutes } from './modules/billing/payments/routes.ts';
import { adminRoutes } from './modules/operators/admin-routes.ts';
import { ADMIN_PREFIX, registerOperatorIdentification } from './modules/operators/operator-guard.ts';
import { createOperatorTokens } from './modules/operators/operator-tokens.ts';
import { createSecretBox } from './integrations/secrets/secret-box.ts';
import { createPaymentsService } from './modules/billing/payments/service.ts';

export type AppDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  fileStore: FileStore;
  mailTransport: MailTransport;
  /** The process's logger; without one the app logs at the configured level on its own. */
  logger?: Logger;
};

/** Builds the whole HTTP app (API, docs, SPA) without listening; tests drive it with `inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app: FastifyInstance = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger as FastifyBaseLogger }
      : { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } }),
    // X-Request-Id from a trusted proxy, else a new UUID; echoed on every reply.
    genReqId: requestIdOf(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Only the configured proxies may name the client (rate limits, login counters, PayFast's source check, logs).
    trustProxy: trustProxyOption(config.trustProxy),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNulGuard(app);
  registerRequestIdHeader(app);
  // METRICS_PORT: request durations by route, and /metrics on a listener of its own.
  registerMetrics(app, config.metrics, deps.queue);
  // OTEL_EXPORTER_OTLP_ENDPOINT: a stopping server hands over the spans it still holds.
  app.addHook('onClose', flushTraces);

  // form-action per company: 'self' and its form-post gateways (looked up before helmet writes the header).
  const formAction = createFormActionPolicy();
  app.addHook('onRequest', formAction.onRequest);
  await app.register(helmet, {
    contentSecurityPolicy: {
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
        formAction: formAction.directive,
        // pdf.js (terms and privacy viewer) runs its parser in a worker loaded from this site.
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
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

  const mail = createMailService(deps.queue, sendMailJob(deps.mailTransport));
  const company = createCompanyService(database.db, config.cacheTtlMs);
  const catalog = createCatalogService(database.db, config.cacheTtlMs);
  const files = createFileService(database.db, deps.fileStore);
  // One instance (and one logo cache) for the customer's invoices and the console's.
  const invoices = createInvoiceService(database.db, files, config.cacheTtlMs);
  const productServices = createProductServicesService(database.db, mail, config.cacheTtlMs);
  const domains = createDomainService(selectDomainAvailability(config, database.db));
  // Public-site content (issue 3): used only by their routes, so not decorated onto the app.
  const news = createNewsService(database.db);
  const faq = createFaqService(database.db);
  const contact = createContactService(database.db, mail);
  const authSecret = resolveAuthSecret(config);
  // Newsletters sent from the console carry signed unsubscribe links (newsletter/links.ts).
  const newsletter = createNewsletterService(database.db, mail, createNewsletterLinks(authSecret));
  const accessTokens = createAccessTokens(authSecret, config.accessTokenTtlSeconds);
  const sessions = createSessionStore(database.db, accessTokens, config.refreshTokenTtlDays);
  const notifications = createNotificationService(database.db);
  const countries = createCountryService(database.db, config.cacheTtlMs);
  const accounts = createAuthModule({
    db: database.db,
    authSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    company,
    countries,
    sessions,
    mail,
  });
  const hypervisors = selectHypervisors(database.db, { createDelayMs: config.simulatorBootMs, connections: config.hypervisors });
  // Sealed secrets in the database (console: TOTP secrets, companies' own gateway credentials, VM and cloud passwords).
  const secretBox = createSecretBox(authSecret);
  const vms = createVmService({ db: database.db, hypervisors, notifications, mail, secrets: secretBox });
  const publicIp = selectPublicIp(database, config.meraki);
  const consoleTokens = createConsoleTokens(authSecret);
  const sshKeys = createSshKeyService(database.db);
  const vmAccess = createVmAccessService({ db: database.db, hypervisors, secrets: secretBox });
  const vmActions = createVmActionService({ db: database.db, hypervisors, queue: deps.queue, publicIp, consoleTokens, access: vmAccess });
  const publicIps = createPublicIpService({ db: database.db, queue: deps.queue, publicIp, notifications });
  // Which account each company pays through: its own credentials, else the server's (gateways offered per company).
  const gatewayCredentials = createGatewayCredentials({ db: database.db, secretBox, config, cacheTtlMs: config.cacheTtlMs });
  formAction.use({ companyAt: company.findByOrigin, checkoutFormOrigins: gatewayCredentials.checkoutFormOrigins });
  const purchaseTerms = withCompanyGateways(
    createPurchaseTerms(database.db, config.cacheTtlMs, new Set(GATEWAYS)),
    gatewayCredentials.offered,
  );
  // A change made through any instance drops the cached copies on all of them (cache/cache-bus.ts).
  const caches = await openCacheBus(database, app.log);
  app.addHook('onClose', () => caches.close());
  subscribeCaches(caches, { company, catalog, productServices, purchaseTerms, gatewayCredentials });
  const vmPurchaseDeps = {
    db: database.db,
    catalog,
    terms: purchaseTerms,
    hypervisors,
    notifications,
    mail,
    queue: deps.queue,
    zarToUsdRate: config.zarToUsdRate,
  };
  const renewals = createRenewalService(vmPurchaseDeps);
  const vmChanges = createVmChangeService(vmPurchaseDeps);
  const fulfilments: Fulfilments = { 2: vmChanges.fulfilBackup, 3: renewals.fulfil, 4: vmChanges.fulfilUpdate, 5: renewals.fulfil };
  app.decorate('services', {
    company,
    catalog,
    productServices,
    files,
    invoices,
    mail,
    accessTokens,
    sessions,
    notifications,
    hypervisors,
    vms,
    vmActions,
    publicIps,
    fulfilments,
    purchaseTerms,
    caches,
  });
  registerCustomerIdentification(app, { accessTokens, sessions, company });
  const payments = createPaymentsService({
    db: database.db,
    config,
    queue: deps.queue,
    notifications,
    mail,
    files,
    // The same terms (and cache) as the purchase pages: the console clears one cache, not two.
    terms: purchaseTerms,
    credentials: gatewayCredentials,
  });
  app.decorate('payments', payments);
  // The operator console (issue 7): its own tokens (another issuer), sealed secrets in the database.
  const operatorTokens = createOperatorTokens(authSecret, config.operatorSessionTtlSeconds);
  registerOperatorIdentification(app, { db: database.db, tokens: operatorTokens });

  // /api/health and /api/ready for load balancers: before any tenant lookup, never rate-limited.
  const readiness = createReadiness(database, app.log);
  app.decorate('readiness', readiness);
  await app.register(healthRoutes(readiness), { prefix: '/api' });
  await app.register(
    async (api) => {
      await api.register(companyRoutes(company));
      await api.register(catalogRoutes(company, catalog));
      await api.register(fileRoutes(files));
      await api.register(productServicesRoutes(company, productServices));
      await api.register(domainRoutes(company, domains));
      await api.register(newsRoutes(company, news));
      await api.register(faqRoutes(company, faq));
      await api.register(newsletterRoutes(company, newsletter));
      await api.register(contactRoutes(company, contact));
      await api.register(countryRoutes(countries));
      await api.register(accounts.routes);
      await api.register(ticketRoutes(createTicketService(database.db, { files, notifications, mail })));
      await api.register(savedRoutes(createSavedService(database.db, catalog)));
      await api.register(profileRoutes(createProfileService(database.db, files, countries)));
      await api.register(notificationRoutes(notifications));
      await api.register(invoiceRoutes(invoices));
      await api.register(purchaseRoutes(createPurchaseService(database.db, catalog, purchaseTerms, config.zarToUsdRate, sshKeys)));
      await api.register(vmRoutes(vms));
      await api.register(vmActionRoutes(vmActions));
      await api.register(vmAccessRoutes(sshKeys, vmAccess));
      await api.register(publicIpRoutes(publicIps));
      await api.register(renewalRoutes(renewals));
      await api.register(vmChangeRoutes(vmChanges));
      await api.register(paymentRoutes(payments));
      await api.register(paymentNotifyRoutes(payments));
    },
    { prefix: '/api' },
  );
  await app.register(adminRoutes({ config, database, queue: deps.queue, secretBox, operatorTokens, services: app.services, payments }), {
    prefix: ADMIN_PREFIX,
  });

  // /dev/*: the outbox and the gateway sandboxes (never in production), for this machine only unless DEV_TOOLS=open.
  await app.register(devToolsRoutes(config, database.db));
  // The simulator's console page (opened from viewVM with a signed, short-lived token).
  await app.register(simulatorConsoleRoutes(hypervisors.simulator, consoleTokens));

  const indexHtml = path.join(config.webDist, 'index.html');
  const spaBuilt = fs.existsSync(indexHtml);
  if (spaBuilt) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset; they are sent when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Hashed asset names change with their content: browsers may keep them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((req, res) => {
    const url = req.url.split('?')[0] ?? '';
    // /metrics too: metrics are never served on the site's port (METRICS_PORT has its own listener).
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/dev/') || url === '/metrics') {
      return res.code(404).send({ status: 404, message: messages.routeNotFound, data: null });
    }
    // Every other GET is a route of the SPA (unknown paths render home there).
    if (spaBuilt && (req.method === 'GET' || req.method === 'HEAD')) {
      return res.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return res.code(404).send({ status: 404, message: messages.routeNotFound, data: null });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What /api/ready answers; main.ts calls `stopServing()` on SIGTERM. */
    readiness: ReturnType<typeof createReadiness>;
    services: {
      company: ReturnType<typeof createCompanyService>;
      catalog: ReturnType<typeof createCatalogService>;
      productServices: ReturnType<typeof createProductServicesService>;
      files: ReturnType<typeof createFileService>;
      /** Invoices and their PDFs (one logo cache), for the customer's routes and the console's. */
      invoices: InvoiceService;
      mail: ReturnType<typeof createMailService>;
      accessTokens: ReturnType<typeof createAccessTokens>;
      sessions: ReturnType<typeof createSessionStore>;
      notifications: ReturnType<typeof createNotificationService>;
      hypervisors: ReturnType<typeof selectHypervisors>;
      vms: ReturnType<typeof createVmService>;
      /** The account page's VM area: lists, actions and their jobs. */
      vmActions: ReturnType<typeof createVmActionService>;
      publicIps: ReturnType<typeof createPublicIpService>;
      /** What a paid order of kinds 2–5 does (the fulfil-order job's handlers). */
      fulfilments: Fulfilments;
      /** Per-company purchase terms (periods, discounts, ranges, gateways, clone durations, ZAR→USD rate), cached. */
      purchaseTerms: ReturnType<typeof createPurchaseTerms>;
      /** Says a change happened, so every instance drops its cached copies. */
      caches: CacheBus;
    };
  }
}
