import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminDeps } from './admin-deps.ts';
import { companiesRoutes } from './companies/routes.ts';

/**
 * The operator console's API under /api/admin (issue 7), one plugin per area. Every route is
 * guarded with `requireOperator(...)`; company-scoped routes live under
 * /api/admin/companies/:companyId/... and resolve the company with `companyInScope`.
 */
export function adminRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Each area registers here (one line each).
    await app.register(companiesRoutes(deps));
    void deps;
    void app;
  };
}
