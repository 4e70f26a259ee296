import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerCareMessages as texts,
  customerMailInput,
  customerMailResponse,
  customerNoteInput,
  customerNotesResponse,
} from '@mawingu/contracts/admin/customer-care';
import { customerParams } from '@mawingu/contracts/admin/customers';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../../http/envelope.ts';
import { ANY_OPERATOR, companyInScope, operatorOf, requireOperator } from '../../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../../console/refusals.ts';
import type { CustomerCare } from './customer-care.ts';
import type { Db } from '../../../../db/client.ts';

const tags = ['admin: customers and VMs'];

/**
 * Console: internal notes on a customer and mail to them, under /api/admin/companies/:companyId/
 * customers/:customerId/. Every operator of the company (support included): looking after
 * customers is support's work.
 */
export function customerCareRoutes(db: Db, care: CustomerCare): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/companies/:companyId/customers/:customerId/notes',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "Operators' internal notes on the customer, newest first (never shown to the customer)",
          params: customerParams,
          response: { 200: customerNotesResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await care.notes(await companyInScope(db, req), req.params.customerId)),
    );

    app.post(
      '/companies/:companyId/customers/:customerId/notes',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'Adds an internal note (its author and time kept); audited (customer.note)',
          params: customerParams,
          body: customerNoteInput,
          response: { 200: customerNotesResponse, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await care.addNote(operatorOf(req), companyId, req.params.customerId, req.body), texts.noteSaved);
      },
    );

    app.post(
      '/companies/:companyId/customers/:customerId/mail',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "Mails the customer the operator's subject and text in the company's branded frame and sender, in the customer's language; audited with the subject (customer.mail); 429 after 10 in an hour",
          params: customerParams,
          body: customerMailInput,
          response: { 200: customerMailResponse, 409: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await care.mailCustomer(operatorOf(req), companyId, req.params.customerId, req.body), texts.mailSent);
      },
    );
  };
}
