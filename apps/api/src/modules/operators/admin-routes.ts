import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './admin-deps.ts';
import { ticketAdminRoutes } from '../support/console.routes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { contentRoutes } from '../content/console.routes.ts';
import { companiesRoutes } from '../tenant/console.routes.ts';
import { accessRoutes } from './console.routes.ts';
import { customerAdminRoutes } from '../identity/console.routes.ts';
import { catalogueRoutes } from '../catalogue/console.routes.ts';
import { paymentAdminRoutes } from '../billing/console.routes.ts';

/**
 * The operator console's API under /api/admin (issue 7), one plugin per area. Every route is
 * guarded with `requireOperator(...)`; company-scoped routes live under
 * /api/admin/companies/:companyId/... and resolve the company with `companyInScope`.
 */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Each area registers here (one line each).
    await app.register(companiesRoutes(deps));
    await app.register(accessRoutes(deps));
    await app.register(customerAdminRoutes(deps));
    await app.register(contentRoutes(deps));
    await app.register(catalogueRoutes(deps));
    await app.register(ticketAdminRoutes(deps));
    await app.register(dashboardRoutes(deps));
    await app.register(paymentAdminRoutes(deps));
    void deps;
    void app;
  };
}
