import { defineCalls } from '../call.ts';

/** The console's VAT report calls (under /api/admin); schemas in vat-report.ts. */
const call = defineCalls(() => import('./vat-report.ts'));

export const vatReportCall = call('GET', 'companies/:companyId/vat-report', (s) => ({ query: s.vatReportQuery, reply: s.vatReport }));
/** CSV files, not envelopes: the period's tax invoices and credit notes of the seller. */
export const vatInvoicesCsvCall = call('GET', 'companies/:companyId/vat-report/invoices.csv', (s) => ({ query: s.vatReportQuery }));
export const vatCreditNotesCsvCall = call('GET', 'companies/:companyId/vat-report/credit-notes.csv', (s) => ({ query: s.vatReportQuery }));
