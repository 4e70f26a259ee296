import { defineCalls } from '../call.ts';

/** The console's credit notes of an order (under /api/admin); schemas in credit-notes.ts. */
const call = defineCalls(() => import('./credit-notes.ts'));

export const orderCreditNotesCall = call('GET', 'companies/:companyId/orders/:orderId/credit-notes', (s) => ({
  reply: s.orderCreditNotes,
}));
export const issueCreditNoteCall = call('POST', 'companies/:companyId/orders/:orderId/credit-notes', (s) => ({
  request: s.issueCreditNoteRequest,
  reply: s.orderCreditNotes,
}));
/** A PDF file, not an envelope. */
export const creditNotePdfCall = call('GET', 'companies/:companyId/orders/:orderId/credit-notes/:creditNoteId/pdf', () => ({}));
