import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditNoteParams, issueCreditNoteRequest, orderCreditNotes } from '@mawingu/contracts/admin/credit-notes';
import { orderParams } from '@mawingu/contracts/admin/payments';
import { envelope } from '@mawingu/contracts/envelope';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { sendCreditNotePdf } from './pdf-reply.ts';
import type { CreditNoteService } from './service.ts';

const tags = ['admin: payments'];

/**
 * Console: an order's credit notes (issue 18, point 3), under /api/admin/companies/:companyId/.
 * Every operator of the company reads them; owners and admins issue them (money goes back).
 */
export function creditNoteAdminRoutes(db: Db, creditNotes: CreditNoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/companies/:companyId/orders/:orderId/credit-notes',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "The order's invoice as a credit note needs it (total, what is left uncredited, how it can be refunded) and its credit notes with their refunds",
          params: orderParams,
          response: { 200: envelope(orderCreditNotes), ...refused },
        },
      },
      async (req, res) => reply(res, await creditNotes.forOrder(await companyInScope(db, req), req.params.orderId)),
    );

    app.post(
      '/companies/:companyId/orders/:orderId/credit-notes',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Issues a credit note against the order's invoice — the whole of what is left or an amount (VAT included), with a reason — numbered in its own series; refunds it through PayPal, records a manual (EFT) refund, or none; keeps or ends the VM's service. Never more than is left uncredited (400 naming `amount`). Mailed to the customer with the PDF; audited (invoice.credit)",
          params: orderParams,
          body: issueCreditNoteRequest,
          response: { 200: envelope(orderCreditNotes), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { data, message } = await creditNotes.issue(operatorOf(req), companyId, req.params.orderId, req.body);
        return reply(res, data, message);
      },
    );

    app.get(
      '/companies/:companyId/orders/:orderId/credit-notes/:creditNoteId/pdf',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "One of the order's credit notes as the A4 PDF the customer has",
          params: creditNoteParams,
          response: { 200: z.unknown().describe('application/pdf'), ...refused },
        },
      },
      async (req, res) => {
        const pdf = await creditNotes.consolePdf(await companyInScope(db, req), req.params.orderId, req.params.creditNoteId);
        return sendCreditNotePdf(res, pdf);
      },
    );
  };
}
