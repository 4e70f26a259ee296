import type { FastifyBaseLogger } from 'fastify';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { MachinesModule } from '../machines/index.ts';
import type { OrdersModule } from '../orders/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { paymentAdminRoutes } from './console.routes.ts';
import { billingCustomerRoutes } from './customer.routes.ts';
import { createCreditNoteService } from './credit-notes/service.ts';
import { createInvoiceService } from './invoices/service.ts';
import { createEtimsService } from './etims/service.ts';
import { billingJobs, billingSchedules } from './jobs.ts';
import { createGatewayCredentials, type GatewayCredentialsSource } from './payments/gateway-credentials.ts';
import { createPaymentsService } from './payments/service.ts';

/**
 * Which account each company pays through: its own credentials, else the server's (gateways
 * offered per company). Built before the orders, whose purchase terms offer only these gateways.
 */
export function createGatewayAccounts({ config, database, identity }: { config: Config; database: Database; identity: IdentityModule }) {
  return createGatewayCredentials({ db: database.db, secretBox: identity.secretBox, config, cacheTtlMs: config.cacheTtlMs });
}

type Deps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  caches: CacheBus;
  platform: PlatformModule;
  tenant: TenantModule;
  identity: IdentityModule;
  orders: OrdersModule;
  machines: MachinesModule;
  credentials: GatewayCredentialsSource;
  log: FastifyBaseLogger;
};

/** Paying for orders and what it leaves: payments, gateway notifications, settlement, invoices, licences. */
export function createBillingModule({
  config,
  database,
  queue,
  caches,
  platform,
  tenant,
  identity,
  orders,
  machines,
  credentials,
  log,
}: Deps) {
  const { db } = database;
  // One instance (and one logo cache) for the customer's invoices and the console's.
  const invoices = createInvoiceService(db, tenant.files, config.cacheTtlMs);
  const payments = createPaymentsService({
    db,
    config,
    queue,
    notifications: identity.notifications,
    mail: platform.mail,
    files: tenant.files,
    // The same terms (and cache) as the purchase pages: the console clears one cache, not two.
    terms: orders.purchaseTerms,
    credentials,
  });
  // Credit notes end a VM's service through the machines domain's own writer, never writing vms here.
  // Kenya's eTIMS: each Kenyan entity's invoices and credit notes signed by KRA's control unit (ADR 0121).
  const etims = createEtimsService({ db, queue, secretBox: identity.secretBox, production: config.env === 'production', log });
  const creditNotes = createCreditNoteService({
    db,
    queue,
    mail: platform.mail,
    files: tenant.files,
    cacheTtlMs: config.cacheTtlMs,
    gateways: credentials,
    vms: machines.operatorActions,
    publicUrl: config.publicUrl,
  });
  return {
    invoices,
    payments,
    creditNotes,
    etims,
    customerRoutes: billingCustomerRoutes({ invoices, payments, creditNotes }),
    consoleRoutes: paymentAdminRoutes({ config, database, secretBox: identity.secretBox, payments, caches, invoices, creditNotes, etims }),
    jobs: () => [...billingJobs(payments.reconciler, log), ...etims.jobs()],
    schedules: billingSchedules,
  };
}

export type BillingModule = ReturnType<typeof createBillingModule>;
