import { defineCalls } from '../call.ts';

/** The console's support session and personal-data calls on a customer (under /api/admin); schemas in customer-privacy.ts. */
const call = defineCalls(() => import('./customer-privacy.ts'));

export const startSupportSessionCall = call('POST', 'companies/:companyId/customers/:customerId/support-session', (s) => ({
  request: s.supportSessionStartRequest,
  reply: s.supportSessionStartReply,
}));
export const eraseCustomerCall = call('POST', 'companies/:companyId/customers/:customerId/personal-data/erase', (s) => ({
  request: s.customerEraseRequest,
  reply: s.customerEraseReply,
}));

/** The downloads (fetched with the operator's session and saved): everything held about the customer as JSON, and as one flat CSV. */
export const personalDataJsonCall = call('GET', 'companies/:companyId/customers/:customerId/personal-data.json', () => ({}));
export const personalDataCsvCall = call('GET', 'companies/:companyId/customers/:customerId/personal-data.csv', () => ({}));
