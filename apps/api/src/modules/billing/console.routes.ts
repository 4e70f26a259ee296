import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderDetail,
  orderParams,
  paymentSettingsReply,
  paymentSettingsUpdate,
  paymentsAdminMessages as texts,
  reconcileRequest,
} from '@mawingu/contracts/admin/payments';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../http/envelope.ts';
import { sendInvoicePdf } from './invoices/pdf-reply.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../console/refusals.ts';
import { createOrdersAdmin } from './console/orders-service.ts';
import { createPaymentSettingsAdmin } from './console/settings-service.ts';
import { legalEntityRoutes } from './legal-entities/routes.ts';
import { creditNoteAdminRoutes } from './credit-notes/console-routes.ts';
import { vatReportRoutes } from './vat-report/vat-report-routes.ts';
import { etimsAdminRoutes } from './etims/console-routes.ts';
import type { EtimsService } from './etims/service.ts';
import type { CreditNoteService } from './credit-notes/service.ts';
import { MAX_ID } from '@mawingu/contracts/ids';
import type { InvoiceService } from './invoices/service.ts';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { PaymentsService } from './payments/service.ts';

const tags = ['admin: payments'];
const companyParams = z.object({
  companyId: z.coerce
    .number()
    .int()
    .min(-MAX_ID - 1)
    .max(MAX_ID),
});

/**
 * Console: payments (issue 7, point 4), under /api/admin/companies/:companyId/. Payment settings
 * are for owners and admins only; an order may be read by every operator of the company (support
 * included) and reconciled by owners and admins. The list of orders and its CSV are the overview's.
 */
export function paymentAdminRoutes(
  deps: Pick<AdminDeps, 'database' | 'secretBox' | 'config'> & {
    payments: PaymentsService;
    caches: CacheBus;
    invoices: InvoiceService;
    creditNotes: CreditNoteService;
    etims: EtimsService;
  },
): FastifyPluginAsyncZod {
  const db = deps.database.db;
  const settings = createPaymentSettingsAdmin({
    db,
    secretBox: deps.secretBox,
    credentials: deps.payments.credentials,
    changed: (companyId) => deps.caches.invalidate('payment-settings', companyId),
  });
  const ordersAdmin = createOrdersAdmin({
    db,
    secretBox: deps.secretBox,
    config: deps.config,
    manual: deps.payments.manual,
    invoices: deps.invoices,
  });

  return async (app) => {
    await app.register(legalEntityRoutes(db, deps.caches));
    await app.register(creditNoteAdminRoutes(db, deps.creditNotes));
    await app.register(vatReportRoutes(db));
    await app.register(etimsAdminRoutes(db, deps.etims.admin));

    app.get(
      '/companies/:companyId/payment-settings',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'The company\'s payment settings: bypass, the gateways each region offers (in order), and per gateway its mode and own credentials — masked ("••••1234"), never in full — with what serves when it has none',
          params: companyParams,
          response: { 200: envelope(paymentSettingsReply), ...refused },
        },
      },
      async (req, res) => reply(res, await settings.read(await companyInScope(db, req))),
    );

    app.put(
      '/companies/:companyId/payment-settings',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Changes the payment settings: parts left out stay as they are; a credential field left empty keeps the stored value; `remove` forgets a gateway’s own credentials. Sealed at rest, audited masked (payments.settings.update), in effect at once',
          params: companyParams,
          body: paymentSettingsUpdate,
          response: { 200: envelope(paymentSettingsReply), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await settings.update(operatorOf(req), companyId, req.body), texts.settingsSaved);
      },
    );

    app.get(
      '/companies/:companyId/orders/:orderId',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            'One order: amounts, lines, customer, payment attempts, every raw gateway message of its attempts (verified or not, as received) and its invoice',
          params: orderParams,
          response: { 200: envelope(orderDetail), ...refused },
        },
      },
      async (req, res) => reply(res, await ordersAdmin.detail(await companyInScope(db, req), req.params.orderId)),
    );

    app.get(
      '/companies/:companyId/orders/:orderId/invoice/pdf',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "The order's invoice as the A4 PDF the customer has (404 before the order is paid)",
          params: orderParams,
          response: { 200: z.unknown().describe('application/pdf'), ...refused },
        },
      },
      async (req, res) => {
        const pdf = await ordersAdmin.invoicePdf(await companyInScope(db, req), req.params.orderId);
        return sendInvoicePdf(res, pdf);
      },
    );

    app.post(
      '/companies/:companyId/orders/:orderId/reconcile',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Manual reconciliation with a reason (≥ 10 characters): paid — through the same paying transaction a verified gateway result uses (invoice, fulfilment, notification, mail, once) — or a started attempt failed / cancelled. A paid order is refused (409). Audited (order.reconcile, with the reason)',
          params: orderParams,
          body: reconcileRequest,
          response: { 200: envelope(orderDetail), 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const detail = await ordersAdmin.reconcile(operatorOf(req), companyId, req.params.orderId, req.body);
        const message = { paid: texts.reconciledPaid, failed: texts.reconciledFailed, cancelled: texts.reconciledCancelled }[
          req.body.action
        ];
        return reply(res, detail, message);
      },
    );
  };
}
