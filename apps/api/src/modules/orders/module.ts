import { GATEWAYS, type GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CatalogueModule } from '../catalogue/index.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { MachinesModule } from '../machines/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import { ordersCustomerRoutes } from './customer.routes.ts';
import type { Fulfilments } from './fulfil-order-job.ts';
import { ordersJobs } from './jobs.ts';
import { expireAbandonedOrders, type TakenToGateway } from './open-orders.ts';
import { withCompanyGateways } from './purchase/configured-gateways.ts';
import { createPurchaseTerms, type BillingTerms } from './purchase/purchase-terms.ts';
import { createPurchaseService } from './purchase/service.ts';
import { createRenewalService } from './renewals/service.ts';
import { createVmChangeService } from './vm-changes/service.ts';

type Deps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  platform: PlatformModule;
  identity: IdentityModule;
  catalogue: CatalogueModule;
  machines: MachinesModule;
  /** The gateways a company can be paid through now (billing's gateway accounts). */
  offeredGateways: (companyId: number) => Promise<ReadonlySet<GatewayKey>>;
  /** What purchase terms read of billing: VAT on the discounted price per region, bypass and gateways. */
  billingTerms: BillingTerms;
  /** Billing's condition that an order has a payment attempt (open orders are reused and expired only without one). */
  takenToGateway: TakenToGateway;
};

/** Every kind of order (new VM, renew, multi-renew, update, clone, snapshot): quote, store, fulfil. */
export function createOrdersModule({
  config,
  database,
  queue,
  platform,
  identity,
  catalogue,
  machines,
  offeredGateways,
  billingTerms,
  takenToGateway,
}: Deps) {
  const { db } = database;
  const { catalog } = catalogue;
  // Per-company purchase terms (periods, discounts, ranges, gateways, clone durations, ZAR→USD rate), cached.
  const purchaseTerms = withCompanyGateways(createPurchaseTerms(db, config.cacheTtlMs, new Set(GATEWAYS), billingTerms), offeredGateways);
  const vmPurchaseDeps = {
    db,
    catalog,
    terms: purchaseTerms,
    hypervisors: machines.hypervisors,
    notifications: identity.notifications,
    mail: platform.mail,
    queue,
    zarToUsdRate: config.zarToUsdRate,
    takenToGateway,
  };
  const renewals = createRenewalService(vmPurchaseDeps);
  const vmChanges = createVmChangeService(vmPurchaseDeps);
  /** What a paid order of kinds 2–5 does (the fulfil-order job's handlers). */
  const fulfilments: Fulfilments = { 2: vmChanges.fulfilBackup, 3: renewals.fulfil, 4: vmChanges.fulfilUpdate, 5: renewals.fulfil };
  const purchase = createPurchaseService(db, catalog, purchaseTerms, config.zarToUsdRate, takenToGateway, machines.sshKeys);
  return {
    purchaseTerms,
    fulfilments,
    customerRoutes: ordersCustomerRoutes({ purchase, renewals, vmChanges }),
    jobs: () => ordersJobs(fulfilments),
    /** The hourly expiry of orders never taken to a gateway (main.ts schedules it); returns how many expired. */
    expireAbandonedOrders: () => expireAbandonedOrders(db, takenToGateway),
  };
}

export type OrdersModule = ReturnType<typeof createOrdersModule>;
