import type { FastifyBaseLogger } from 'fastify';
import type { CacheBus } from '../cache/cache-bus.ts';
import type { ReplyCache } from '../cache/reply-cache.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { MailTransport } from '../integrations/mail/mail.ts';
import type { FileStore } from '../integrations/storage/file-store.ts';
import type { JobKind, JobQueue } from '../jobs/queue.ts';
import { chargedOfOrders, gatewaysOfRegion, paymentOptionsOf, regionsTaxingDiscountedPrice, takenToGateway } from './billing/index.ts';
import { createBillingModule, createGatewayAccounts } from './billing/module.ts';
import { createCatalogueModule } from './catalogue/module.ts';
import { createContentModule } from './content/module.ts';
import type { DomainDoors } from './domain-module.ts';
import { createIdentityModule } from './identity/module.ts';
import { createMachinesModule } from './machines/module.ts';
import { createOperatorsModule } from './operators/module.ts';
import { createOrdersModule } from './orders/module.ts';
import { regionsWithVms, vmCountsByProduct } from './machines/index.ts';
import { orderCountsByProduct, paidRenewalsOf, regionsOrderedIn } from './orders/index.ts';
import { transition } from './orders/order-status.ts';
import { createOverviewModule } from './overview/module.ts';
import { createPlatformModule } from './platform/module.ts';
import { createSupportModule } from './support/module.ts';
import { createTenantModule } from './tenant/module.ts';

export type ModuleDeps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  fileStore: FileStore;
  mailTransport: MailTransport;
  caches: CacheBus;
  replies: ReplyCache;
  log: FastifyBaseLogger;
};

/**
 * Every domain, each wired once from what it stands on (in this order: a domain gets only those
 * built before it). The app registers their doors; the worker works their jobs.
 */
export function createModules(deps: ModuleDeps) {
  const platform = createPlatformModule(deps);
  const tenant = createTenantModule(deps);
  const identity = createIdentityModule({ ...deps, platform, tenant });
  // The console's "in use" checks read the domains built after the catalogue: handed in, not imported.
  const usage = { orderCountsByProduct, vmCountsByProduct, regionsOrderedIn, regionsWithVms, gatewaysOfRegion };
  const catalogue = createCatalogueModule({ ...deps, platform, tenant, usage });
  const content = createContentModule({ ...deps, platform, tenant, identity });
  const support = createSupportModule({ ...deps, platform, tenant, identity });
  // Plain functions, not services: machines get the orders' status writer and paid renewals without importing orders.
  const machines = createMachinesModule({ ...deps, platform, identity, orderStatus: transition, chargedOfOrders, paidRenewalsOf });
  const gatewayAccounts = createGatewayAccounts({ ...deps, identity });
  const orders = createOrdersModule({
    ...deps,
    platform,
    identity,
    catalogue,
    machines,
    offeredGateways: gatewayAccounts.offered,
    billingTerms: {
      discountedTaxRegions: (companyId) => regionsTaxingDiscountedPrice(deps.database.db, companyId),
      paymentOptions: (companyId) => paymentOptionsOf(deps.database.db, companyId),
    },
    takenToGateway,
  });
  const billing = createBillingModule({ ...deps, platform, tenant, identity, orders, machines, credentials: gatewayAccounts });
  const operators = createOperatorsModule({ ...deps, identity, platform });
  const overview = createOverviewModule({ ...deps, billing, machines, identity, platform, tenant });
  return { platform, tenant, identity, catalogue, content, support, machines, gatewayAccounts, orders, billing, operators, overview };
}

export type Modules = ReturnType<typeof createModules>;

/** The domains' doors, in the order they are registered. */
export function doorsOf(modules: Modules): DomainDoors[] {
  const { tenant, identity, catalogue, content, support, machines, orders, billing, operators, overview } = modules;
  return [tenant, identity, catalogue, content, support, machines, orders, billing, operators, overview];
}

/** Every job kind the domains' workers take (send-mail is worked by main.ts first, through content.mailDelivery). */
export function jobsOf(modules: Modules): JobKind<any>[] {
  return doorsOf(modules).flatMap((m) => m.jobs?.() ?? []);
}

/** The recurring jobs (pg-boss cron); schedule after `queue.work` has created their queues. */
export function schedulesOf(modules: Modules): { name: string; cron: string }[] {
  return doorsOf(modules).flatMap((m) => m.schedules ?? []);
}
