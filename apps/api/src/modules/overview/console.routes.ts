import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import {
  customerAdminMessages as texts,
  customerDetailResponse,
  customerListResponse,
  customerParams,
  customerSearchQuery,
  failedJobsQuery,
  failedJobsResponse,
  invoiceParams,
  vmBlockRequest,
  vmListQuery,
  vmListResponse,
  vmParams,
  vmResponse,
} from '@mawingu/contracts/admin/customers';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { reply } from '../../http/envelope.ts';
import { sendInvoicePdf } from '../billing/index.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { createCustomerAdminService } from './customers/service.ts';
import { createVmAdminService } from './vms/service.ts';
import type { InvoiceService } from '../billing/index.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope };
const tags = ['admin: customers and VMs'];

/**
 * Console: customers and VMs (issue 7, point 5), under /api/admin/companies/:companyId/. Reading is
 * for every operator of the company (support included); blocking, unblocking, re-running a
 * provisioning and the failed jobs are for owners and admins.
 */
export function customerAdminRoutes(deps: Pick<AdminDeps, 'database' | 'queue'> & { invoices: InvoiceService }): FastifyPluginAsyncZod {
  const service = createCustomerAdminService({ db: deps.database.db, invoices: deps.invoices });
  const vmService = createVmAdminService({ db: deps.database.db, queue: deps.queue });
  const db = deps.database.db;

  return async (app) => {
    app.get(
      '/companies/:companyId/customers',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "Search the company's customers by name, e-mail, company name or phone (newest first, paged)",
          params: companyIdParams,
          querystring: customerSearchQuery,
          response: { 200: customerListResponse, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { q, page, pageSize } = req.query;
        return reply(res, await service.searchCustomers(companyId, q, { page, pageSize }));
      },
    );

    app.get(
      '/companies/:companyId/customers/:customerId',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "One customer: profile (never the password), VMs, orders, invoices (with the PDF's address) and tickets; another company's customer is a 404",
          params: customerParams,
          response: { 200: customerDetailResponse, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await service.customerDetail(companyId, req.params.customerId));
      },
    );

    app.get(
      '/companies/:companyId/customers/:customerId/invoices/:invoiceId/pdf',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "One of the customer's invoices as the A4 PDF the customer has",
          params: invoiceParams,
          response: { 200: z.unknown().describe('application/pdf'), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const pdf = await service.invoicePdf(companyId, req.params.customerId, req.params.invoiceId);
        return sendInvoicePdf(res, pdf);
      },
    );

    app.get(
      '/companies/:companyId/vms',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "The company's VMs (every one but the deleted, unless state=deleted), filtered by state, blocked and a search; newest first, paged",
          params: companyIdParams,
          querystring: vmListQuery,
          response: { 200: vmListResponse, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { page, pageSize, ...filter } = req.query;
        return reply(res, await vmService.listVms(companyId, filter, { page, pageSize }));
      },
    );

    for (const blocked of [true, false]) {
      app.post(
        `/companies/:companyId/vms/:vmId/${blocked ? 'block' : 'unblock'}`,
        {
          onRequest: requireOperator(...MANAGERS),
          schema: {
            tags,
            summary: blocked
              ? 'Blocks a VM: the customer sees it blocked and every action on it is refused (403) until it is unblocked. Audited (vm.block, with the reason)'
              : 'Unblocks a VM: the customer may use it again. Audited (vm.unblock, with the reason)',
            params: vmParams,
            body: vmBlockRequest,
            response: { 200: vmResponse, 409: errorEnvelope, ...refused },
          },
        },
        async (req, res) => {
          const companyId = await companyInScope(db, req);
          const vm = await vmService.setBlocked(companyId, req.params.vmId, blocked, operatorOf(req), req.body?.reason || undefined);
          return reply(res, vm, blocked ? texts.blocked : texts.unblocked);
        },
      );
    }

    app.post(
      '/companies/:companyId/vms/:vmId/retry-provisioning',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Re-runs a failed provisioning: the VM goes back to provisioning and the order's provisioning job is queued again (keyed by the order, so it runs once). 409 for a VM in any other state. Audited (vm.retry-provisioning)",
          params: vmParams,
          response: { 200: vmResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await vmService.retryProvisioning(companyId, req.params.vmId, operatorOf(req)), texts.retryQueued);
      },
    );

    app.get(
      '/companies/:companyId/jobs/failed',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "The company's failed jobs and why (the queue's job table and archive; a job is the company's when its data names the company, or an order, VM or backup of it), newest first, paged; and the VMs that are failed or carry an error",
          params: companyIdParams,
          querystring: failedJobsQuery,
          response: { 200: failedJobsResponse, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await vmService.failedJobs(companyId, req.query));
      },
    );
  };
}
