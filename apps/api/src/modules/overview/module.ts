import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BillingModule } from '../billing/index.ts';
import { customerAdminRoutes } from './console.routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';

type Deps = { database: Database; queue: JobQueue; billing: BillingModule };

/**
 * The console's views across domains: the dashboard, and a customer's page (their VMs, invoices,
 * failed jobs). Nothing depends on them.
 */
export function createOverviewModule({ database, queue, billing }: Deps) {
  const customers = customerAdminRoutes({ database, queue, invoices: billing.invoices });
  const dashboard = dashboardRoutes({ database });
  return {
    consoleRoutes: (async (app) => {
      await app.register(customers);
      await app.register(dashboard);
    }) as FastifyPluginAsync,
  };
}
