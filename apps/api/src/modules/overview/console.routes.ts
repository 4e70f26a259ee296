import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import {
  customerAdminMessages as texts,
  customerDetailResponse,
  customerListResponse,
  customerParams,
  customerReactivateRequest,
  passwordLinkResponse,
  customerStatusResponse,
  customerSuspendRequest,
  customerSearchQuery,
  customersExportQuery,
  failedJobsQuery,
  failedJobsResponse,
  invoiceParams,
  vmBlockRequest,
  vmExtendRequest,
  vmListQuery,
  vmListResponse,
  vmParams,
  vmResponse,
  vmSuspendRequest,
  vmTerminateRequest,
  vmUnsuspendRequest,
} from '@mawingu/contracts/admin/customers';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { reply } from '../../http/envelope.ts';
import { sendCsv } from '../../http/csv.ts';
import { sendInvoicePdf } from '../billing/index.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../console/refusals.ts';
import { createCustomerAdminService } from './customers/service.ts';
import { createVmAdminService } from './vms/service.ts';
import type { InvoiceService } from '../billing/index.ts';
import type { NotificationService } from '../identity/index.ts';
import type { VmOperatorActions } from '../machines/index.ts';
import type { MailService } from '../platform/index.ts';
import { createVmServiceActions } from './vms/vm-service-actions.ts';
import { createAccountActions } from './customers/account-actions.ts';
import { createCustomerCare } from './customers/care/customer-care.ts';
import { customerCareRoutes } from './customers/care/routes.ts';
import { customerManageRoutes, type ManageRouteDeps } from './customers/manage-routes.ts';

export type CustomerAdminRouteDeps = Pick<AdminDeps, 'database' | 'queue'> & {
  invoices: InvoiceService;
  operatorActions: VmOperatorActions;
  notifications: NotificationService;
  mail: MailService;
  mailPasswordLink: (companyId: number, customerId: number) => Promise<'sent' | 'no-site' | 'capped'>;
} & Pick<ManageRouteDeps, 'mailSignupCode' | 'profileWriter'>;

const tags = ['admin: customers and VMs'];

/**
 * Console: customers and VMs (issue 7, point 5), under /api/admin/companies/:companyId/. Reading is
 * for every operator of the company (support included); blocking, unblocking, re-running a
 * provisioning and the failed jobs are for owners and admins.
 */
export function customerAdminRoutes(deps: CustomerAdminRouteDeps): FastifyPluginAsyncZod {
  const service = createCustomerAdminService({ db: deps.database.db, invoices: deps.invoices });
  const vmService = createVmAdminService({ db: deps.database.db, queue: deps.queue });
  const db = deps.database.db;
  const serviceActions = createVmServiceActions({ ...deps, db, vmOf: vmService.vmOf });
  const accountActions = createAccountActions({ ...deps, db, customers: service });
  const care = createCustomerCare({ db, mail: deps.mail, customers: service });

  return async (app) => {
    await app.register(customerCareRoutes(db, care));
    await app.register(customerManageRoutes({ ...deps, db, customers: service }));

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
      '/companies/:companyId/customers.csv',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The customers the search selects (every page) as CSV, formula-safe; owners and admins; audited',
          params: companyIdParams,
          querystring: customersExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV (text/csv)'), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return sendCsv(res, await service.exportCsv(operatorOf(req), companyId, req.query.q));
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

    app.post(
      '/companies/:companyId/customers/:customerId/suspend',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Suspends a customer's account: the login is refused with a clear message, every session ends at once, and the running VMs are powered off through the customer's shutdown job. Mailed (with the reason) and audited (customer.suspend). 409 when already suspended",
          params: customerParams,
          body: customerSuspendRequest,
          response: { 200: customerStatusResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const status = await accountActions.suspend(companyId, req.params.customerId, operatorOf(req), req.body.reason);
        return reply(res, status, texts.customerSuspended);
      },
    );

    app.post(
      '/companies/:companyId/customers/:customerId/reactivate',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Reactivates a suspended account: the customer may log in again (their VMs stay off until started). Mailed and audited (customer.reactivate). 409 when not suspended',
          params: customerParams,
          body: customerReactivateRequest,
          response: { 200: customerStatusResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const status = await accountActions.reactivate(companyId, req.params.customerId, operatorOf(req), req.body?.reason || undefined);
        return reply(res, status, texts.customerReactivated);
      },
    );

    app.post(
      '/companies/:companyId/customers/:customerId/password-link',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Mails the customer the link to set a new password (the customer's own forgotten-password mail, on the company's first site, valid one hour). Audited (customer.password-link). 429 when the customer's cap of 3 links an hour is reached (nothing sent)",
          params: customerParams,
          response: { 200: passwordLinkResponse, 409: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await accountActions.sendPasswordLink(companyId, req.params.customerId, operatorOf(req)), texts.passwordLinkSent);
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
      '/companies/:companyId/vms/:vmId/suspend',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Suspends a VM: blocks it with the reason the customer sees on its card and, when it runs, powers it off through the customer's shutdown job. The customer gets a notice and a mail. 409 when already suspended and off, or busy with another action. Audited (vm.suspend)",
          params: vmParams,
          body: vmSuspendRequest,
          response: { 200: vmResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await serviceActions.suspend(companyId, req.params.vmId, operatorOf(req), req.body.reason), texts.suspended);
      },
    );

    app.post(
      '/companies/:companyId/vms/:vmId/unsuspend',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Lifts a suspension (or block): the customer may start and use the VM again; notice and mail. 409 when it is not suspended. Audited (vm.unsuspend)',
          params: vmParams,
          body: vmUnsuspendRequest,
          response: { 200: vmResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const vm = await serviceActions.unsuspend(companyId, req.params.vmId, operatorOf(req), req.body?.reason || undefined);
        return reply(res, vm, texts.unsuspended);
      },
    );

    app.post(
      '/companies/:companyId/vms/:vmId/terminate',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Terminates a VM: with its name typed again as `confirm` (else 400 on that field), deletes the machine through the customer's delete job. The VM must be off (stopped, expired, failed or archived; else 409). Notice and mail. Audited (vm.terminate)",
          params: vmParams,
          body: vmTerminateRequest,
          response: { 200: vmResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const vm = await serviceActions.terminate(
          companyId,
          req.params.vmId,
          operatorOf(req),
          req.body.confirm,
          req.body.reason || undefined,
        );
        return reply(res, vm, texts.terminating);
      },
    );

    app.post(
      '/companies/:companyId/vms/:vmId/extend',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Extends the end date by `days` as a goodwill gesture, without an order or a charge; an expired VM whose new end date is ahead comes back stopped. Notice and mail with the reason. 409 for other states. Audited (vm.extend)',
          params: vmParams,
          body: vmExtendRequest,
          response: { 200: vmResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { days, reason } = req.body;
        return reply(res, await serviceActions.extend(companyId, req.params.vmId, operatorOf(req), days, reason), texts.extended);
      },
    );

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
