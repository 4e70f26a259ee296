import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderList as orderListReply, orderParams, ordersExportQuery, ordersQuery } from '@mawingu/contracts/admin/payments';
import { envelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { sendCsv } from '../../../http/csv.ts';
import type { Db } from '../../../db/client.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createOrderList } from './service.ts';

const tags = ['admin: payments'];
// The payments doors' company id (a negative one passes to the scope check, answered 404 like the others).
const companyParams = orderParams.pick({ companyId: true });

/**
 * Console: the company's orders (issue 7, point 4), under /api/admin/companies/:companyId/: the list
 * for every operator of the company (support included), its CSV for owners and admins. One order,
 * its invoice and its reconciliation are billing's doors (billing/console.routes.ts).
 */
export function orderListRoutes(db: Db): FastifyPluginAsyncZod {
  const orderList = createOrderList(db);

  return async (app) => {
    app.get(
      '/companies/:companyId/orders',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "The company's orders, newest first, filtered by status, kind, gateway, customer (e-mail or name), order id or reference, and days; paged",
          params: companyParams,
          querystring: ordersQuery,
          response: { 200: envelope(orderListReply), ...refused },
        },
      },
      async (req, res) => reply(res, await orderList.list(await companyInScope(db, req), req.query)),
    );

    app.get(
      '/companies/:companyId/orders.csv',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: "The orders the list's filters select (every page) as CSV, formula-safe; owners and admins; audited",
          params: companyParams,
          querystring: ordersExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV (text/csv)'), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return sendCsv(res, await orderList.exportCsv(operatorOf(req), companyId, req.query));
      },
    );
  };
}
