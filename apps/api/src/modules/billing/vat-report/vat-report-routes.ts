import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { vatReport, vatReportParams, vatReportQuery } from '@mawingu/contracts/admin/vat-report';
import { envelope } from '@mawingu/contracts/envelope';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import { sendCsv } from '../../../http/csv.ts';
import { MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createVatExports } from './vat-exports.ts';
import { createVatLedger } from './vat-report.ts';

const tags = ['admin: payments'];
const csv = { produces: ['text/csv'], response: { 200: z.string().describe('CSV (text/csv)'), ...refused } };

/** Console: the VAT report and its CSV files per seller and period (issue 18, point 5), owners and admins. */
export function vatReportRoutes(db: Db): FastifyPluginAsyncZod {
  const ledger = createVatLedger(db);
  const exports = createVatExports(db, ledger);
  return async (app) => {
    app.get(
      '/companies/:companyId/vat-report',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Output VAT by rate of one seller’s tax invoices in a period (its own days), credit notes deducted, refunds done',
          params: vatReportParams,
          querystring: vatReportQuery,
          response: { 200: envelope(vatReport), ...refused },
        },
      },
      async (req, res) => reply(res, await ledger.report(await companyInScope(db, req), req.query)),
    );

    app.get(
      '/companies/:companyId/vat-report/invoices.csv',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The period’s tax invoices of the seller as CSV; audited',
          params: vatReportParams,
          querystring: vatReportQuery,
          ...csv,
        },
      },
      async (req, res) => sendCsv(res, await exports.invoicesCsv(operatorOf(req), await companyInScope(db, req), req.query)),
    );

    app.get(
      '/companies/:companyId/vat-report/credit-notes.csv',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The period’s credit notes of the seller as CSV; audited',
          params: vatReportParams,
          querystring: vatReportQuery,
          ...csv,
        },
      },
      async (req, res) => sendCsv(res, await exports.creditNotesCsv(operatorOf(req), await companyInScope(db, req), req.query)),
    );
  };
}
