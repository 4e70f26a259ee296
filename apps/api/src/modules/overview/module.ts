import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BillingModule } from '../billing/index.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { MachinesModule } from '../machines/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { createCustomerAdminService } from './customers/service.ts';
import { customerPrivacyRoutes } from './customers/privacy/routes.ts';
import { createCustomerPrivacy } from './customers/privacy/service.ts';
import { customerAdminRoutes } from './console.routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { orderListRoutes } from './orders/routes.ts';

type Deps = {
  database: Database;
  queue: JobQueue;
  billing: BillingModule;
  machines: MachinesModule;
  identity: IdentityModule;
  platform: PlatformModule;
  tenant: TenantModule;
};

/**
 * The console's views across domains: the dashboard, the list of orders, and a customer's page
 * (their VMs, invoices, failed jobs). Nothing depends on them.
 */
export function createOverviewModule({ database, queue, billing, machines, identity, platform, tenant }: Deps) {
  const customers = customerAdminRoutes({
    database,
    queue,
    invoices: billing.invoices,
    operatorActions: machines.operatorActions,
    notifications: identity.notifications,
    mail: platform.mail,
    mailPasswordLink: identity.mailPasswordLink,
    mailSignupCode: identity.mailSignupCode,
    profileWriter: identity.profileWriter,
  });
  const dashboard = dashboardRoutes({ database });
  // "Log in as" and personal data (issue 17, point 2; ADR 0118, 0119).
  const privacy = createCustomerPrivacy({
    db: database.db,
    customers: createCustomerAdminService({ db: database.db, invoices: billing.invoices }),
    supportSessions: identity.supportSessions,
    files: tenant.files,
  });
  return {
    consoleRoutes: (async (app) => {
      await app.register(customers);
      await app.register(dashboard);
      await app.register(orderListRoutes(database.db));
      await app.register(customerPrivacyRoutes(database.db, privacy));
    }) as FastifyPluginAsync,
  };
}
