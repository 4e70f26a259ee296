import { defineCalls } from './call.ts';

/** The invoice calls (under /api); schemas in invoices.ts. */
const call = defineCalls(() => import('./invoices.ts'));

export const generateInvoiceCall = call('POST', 'invoice/generateInvoice', (s) => ({
  request: s.generateInvoiceRequest,
  reply: s.invoiceData,
}));
export const getPurchaseHistoryCall = call('GET', 'virtualMachine/getPurchaseHistory', (s) => ({
  reply: s.getPurchaseHistoryResponse.shape.data,
}));
