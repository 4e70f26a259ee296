import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerEraseRequest,
  customerEraseResponse,
  customerPrivacyMessages as texts,
  supportSessionStartRequest,
  supportSessionStartResponse,
} from '@mawingu/contracts/admin/customer-privacy';
import { customerParams } from '@mawingu/contracts/admin/customers';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../../http/envelope.ts';
import { sendCsv } from '../../../../http/csv.ts';
import { ANY_OPERATOR, MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../../console/refusals.ts';
import type { Db } from '../../../../db/client.ts';
import type { CustomerPrivacy } from './service.ts';

const tags = ['admin: customers and VMs'];

/**
 * Console: "log in as" a customer and their personal data, under /api/admin/companies/:companyId/
 * customers/:customerId/. The support session is every operator's (support's work, read-only for
 * payments on the customer's side); the export and the erasure are owners' and admins'.
 */
export function customerPrivacyRoutes(db: Db, privacy: CustomerPrivacy): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/companies/:companyId/customers/:customerId/support-session',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "Opens a 30-minute support session as the customer, with the operator's consent reason: the address of the company's own site to open, carrying a one-use handoff (valid a minute) after '#'. Payments, orders, credentials and deletions are refused in it. Audited (customer.support-session.start, with the reason); 409 for a suspended or erased account or a company without a site",
          params: customerParams,
          body: supportSessionStartRequest,
          response: { 200: supportSessionStartResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const opened = await privacy.startSupportSession(operatorOf(req), companyId, req.params.customerId, req.body.reason);
        return reply(res, opened, texts.supportSessionOpened);
      },
    );

    for (const format of ['json', 'csv'] as const) {
      app.get(
        `/companies/:companyId/customers/:customerId/personal-data.${format}`,
        {
          onRequest: requireOperator(...MANAGERS),
          schema: {
            tags,
            summary:
              format === 'json'
                ? 'Everything held about the customer (profile, logins, orders, invoices, VMs, keys, tickets and messages, saved configurations, newsletter consent, messages from their address, notes) as JSON; audited (customer.export)'
                : 'The same as one flat CSV (section, record, field, value), formula-safe; audited (customer.export)',
            params: customerParams,
            produces: [format === 'json' ? 'application/json' : 'text/csv'],
            response: { 200: z.string().describe(format === 'json' ? 'JSON file' : 'CSV (text/csv)'), ...refused },
          },
        },
        async (req, res) => {
          const companyId = await companyInScope(db, req);
          const file = await privacy.exportData(operatorOf(req), companyId, req.params.customerId, format);
          if (format === 'csv') return sendCsv(res, file);
          return res
            .header('content-type', 'application/json; charset=utf-8')
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'no-store')
            .send(file.body);
        },
      );
    }

    app.post(
      '/companies/:companyId/customers/:customerId/personal-data/erase',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            "Erases the customer's personal data on request, with their e-mail typed again as `confirm` (else 400 on that field): profile anonymised (e-mail erased-<id>@invalid), sessions ended, tickets' texts, keys, saved configurations, newsletter consent, notes removed; invoices kept as issued. 409 while a VM is not deleted or an order is open. One transaction; audited (customer.erase)",
          params: customerParams,
          body: customerEraseRequest,
          response: { 200: customerEraseResponse, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await privacy.erase(operatorOf(req), companyId, req.params.customerId, req.body.confirm), texts.erased);
      },
    );
  };
}
