import { defineCalls } from '../call.ts';

/** The console's notes on a customer and mail to them (under /api/admin); schemas in customer-care.ts. */
const call = defineCalls(() => import('./customer-care.ts'));

export const customerNotesCall = call('GET', 'companies/:companyId/customers/:customerId/notes', (s) => ({
  reply: s.customerNotesReply,
}));
export const addCustomerNoteCall = call('POST', 'companies/:companyId/customers/:customerId/notes', (s) => ({
  request: s.customerNoteInput,
  reply: s.customerNotesReply,
}));
export const mailCustomerCall = call('POST', 'companies/:companyId/customers/:customerId/mail', (s) => ({
  request: s.customerMailInput,
  reply: s.customerMailReply,
}));
