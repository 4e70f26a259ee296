import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { invoiceToken } from '@mawingu/contracts/invoices';
import { messages } from '@mawingu/contracts/messages';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { sendCreditNotePdf } from './pdf-reply.ts';
import type { CreditNoteService } from './service.ts';

/** The customer's credit notes, beside their invoices (Purchase History lists their tokens). */
export function creditNoteRoutes(creditNotes: CreditNoteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/credit-note/pdf/:token',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['invoices'],
          summary: "One of the customer's credit notes as an A4 PDF, shown inline; anyone else's is a 404",
          params: z.object({ token: invoiceToken }),
          response: { 200: z.unknown().describe('application/pdf'), 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return sendCreditNotePdf(res, await creditNotes.customerPdf(companyId, customerId, req.params.token, messages.invoiceNotFound));
      },
    );
  };
}
