import { defineCalls } from '../call.ts';

/** The console's calls that manage one customer (under /api/admin); schemas in customers-manage.ts. */
const call = defineCalls(() => import('./customers-manage.ts'));

export const updateCustomerProfileCall = call('PUT', 'companies/:companyId/customers/:customerId/profile', (s) => ({
  request: s.customerProfileUpdateRequest,
  reply: s.customerProfileResponse.shape.data,
}));
export const resendVerificationCall = call('POST', 'companies/:companyId/customers/:customerId/verification', (s) => ({
  reply: s.verificationResponse.shape.data,
}));
export const closeCustomerCall = call('POST', 'companies/:companyId/customers/:customerId/close', (s) => ({
  request: s.customerCloseRequest,
  reply: s.customerCloseResponse.shape.data,
}));
