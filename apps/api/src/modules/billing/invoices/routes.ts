import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { generateInvoiceRequest, generateInvoiceResponse, getPurchaseHistoryResponse, invoiceToken } from '@mawingu/contracts/invoices';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { sendInvoicePdf } from './pdf-reply.ts';
import type { InvoiceService } from './service.ts';

const refused = { 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope };

export function invoiceRoutes(invoices: InvoiceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/invoice/generateInvoice',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['invoices'],
          summary:
            "One of the customer's invoices by its opaque token (`token`, or the spec's `productID` carrying it): the frozen order's figures, the company, the customer, and the PDF's address",
          body: generateInvoiceRequest,
          response: { 200: generateInvoiceResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const token = (req.body.token ?? req.body.productID)!;
        return reply(res, await invoices.invoice(companyId, customerId, token));
      },
    );

    app.get(
      '/invoice/pdf/:token',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['invoices'],
          summary: "One of the customer's invoices as an A4 PDF, shown inline (/DownloadInvoice/{token}); anyone else's is a 404",
          params: z.object({ token: invoiceToken }),
          // 200 is the PDF itself, never serialised.
          response: { 200: z.unknown().describe('application/pdf'), ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const pdf = await invoices.pdf(companyId, customerId, req.params.token, 'customer');
        req.log.info({ invoice: pdf.number, copy: pdf.copy, renderMs: Math.round(pdf.renderMs * 10) / 10 }, 'invoice PDF rendered');
        return sendInvoicePdf(res, pdf);
      },
    );

    app.get(
      '/virtualMachine/getPurchaseHistory',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['invoices'],
          summary: "The customer's purchases in this company, newest first (Purchase History tab); invoiceToken only for paid orders",
          response: { 200: getPurchaseHistoryResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await invoices.history(companyId, customerId));
      },
    );
  };
}
