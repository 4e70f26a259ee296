import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BillingModule } from '../billing/index.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { MachinesModule } from '../machines/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import { customerAdminRoutes } from './console.routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';

type Deps = {
  database: Database;
  queue: JobQueue;
  billing: BillingModule;
  machines: MachinesModule;
  identity: IdentityModule;
  platform: PlatformModule;
};

/**
 * The console's views across domains: the dashboard, and a customer's page (their VMs, invoices,
 * failed jobs). Nothing depends on them.
 */
export function createOverviewModule({ database, queue, billing, machines, identity, platform }: Deps) {
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
  return {
    consoleRoutes: (async (app) => {
      await app.register(customers);
      await app.register(dashboard);
    }) as FastifyPluginAsync,
  };
}
