import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@mawingu/contracts/envelope';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { dashboardOverview, dashboardRevenue, revenueQuery } from '@mawingu/contracts/admin/dashboard';
import { reply } from '../../../http/envelope.ts';
import type { AdminDeps } from '../../../console/admin-deps.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createDashboardService } from './service.ts';

const tags = ['admin: dashboard'];

/**
 * Console: dashboard (issue 7, point 8). VMs and tickets are for every operator of the company
 * (support reads VMs and tickets: DOMAIN.md); revenue is for owners and admins only.
 */
export function dashboardRoutes(deps: Pick<AdminDeps, 'database'>): FastifyPluginAsyncZod {
  const db = deps.database.db;
  const service = createDashboardService(db);

  return async (app) => {
    app.get(
      '/companies/:companyId/dashboard',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'Active VMs, VMs per state, the VMs expiring within 7 days and the open and in-progress tickets of the company',
          params: companyIdParams,
          response: { 200: envelope(dashboardOverview), ...refused },
        },
      },
      async (req, res) => reply(res, await service.overview(await companyInScope(db, req))),
    );

    app.get(
      '/companies/:companyId/dashboard/revenue',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Revenue of paid orders per South African day (every day of the period, 0.00 when none), per gateway and in total, per currency, as decimal strings; from/to inclusive, default the last 30 days, at most 366',
          params: companyIdParams,
          querystring: revenueQuery,
          response: { 200: envelope(dashboardRevenue), ...refused },
        },
      },
      async (req, res) => reply(res, await service.revenue(await companyInScope(db, req), req.query)),
    );
  };
}
