import { defineCalls } from '../call.ts';

/** The console's customer, VM and failed-job calls (under /api/admin); schemas in customers.ts. */
const call = defineCalls(() => import('./customers.ts'));

export const customerSearchCall = call('GET', 'companies/:companyId/customers', (s) => ({
  query: s.customerSearchQuery,
  reply: s.customerListResponse.shape.data,
}));
/** A CSV file, not an envelope: every customer the search selects (owners and admins). */
export const customersCsvCall = call('GET', 'companies/:companyId/customers.csv', (s) => ({ query: s.customersExportQuery }));
export const customerDetailCall = call('GET', 'companies/:companyId/customers/:customerId', (s) => ({
  reply: s.customerDetailResponse.shape.data,
}));
export const vmListCall = call('GET', 'companies/:companyId/vms', (s) => ({ query: s.vmListQuery, reply: s.vmListResponse.shape.data }));
export const blockVmCall = call('POST', 'companies/:companyId/vms/:vmId/block', (s) => ({
  request: s.vmBlockRequest,
  reply: s.vmResponse.shape.data,
}));
export const unblockVmCall = call('POST', 'companies/:companyId/vms/:vmId/unblock', (s) => ({
  request: s.vmBlockRequest,
  reply: s.vmResponse.shape.data,
}));
export const retryProvisioningCall = call('POST', 'companies/:companyId/vms/:vmId/retry-provisioning', (s) => ({
  reply: s.vmResponse.shape.data,
}));
export const suspendVmCall = call('POST', 'companies/:companyId/vms/:vmId/suspend', (s) => ({
  request: s.vmSuspendRequest,
  reply: s.vmResponse.shape.data,
}));
export const unsuspendVmCall = call('POST', 'companies/:companyId/vms/:vmId/unsuspend', (s) => ({
  request: s.vmUnsuspendRequest,
  reply: s.vmResponse.shape.data,
}));
export const terminateVmCall = call('POST', 'companies/:companyId/vms/:vmId/terminate', (s) => ({
  request: s.vmTerminateRequest,
  reply: s.vmResponse.shape.data,
}));
export const extendVmCall = call('POST', 'companies/:companyId/vms/:vmId/extend', (s) => ({
  request: s.vmExtendRequest,
  reply: s.vmResponse.shape.data,
}));
export const failedJobsCall = call('GET', 'companies/:companyId/jobs/failed', (s) => ({
  query: s.failedJobsQuery,
  reply: s.failedJobsResponse.shape.data,
}));
export const suspendCustomerCall = call('POST', 'companies/:companyId/customers/:customerId/suspend', (s) => ({
  request: s.customerSuspendRequest,
  reply: s.customerStatusResponse.shape.data,
}));
export const reactivateCustomerCall = call('POST', 'companies/:companyId/customers/:customerId/reactivate', (s) => ({
  request: s.customerReactivateRequest,
  reply: s.customerStatusResponse.shape.data,
}));
export const sendPasswordLinkCall = call('POST', 'companies/:companyId/customers/:customerId/password-link', (s) => ({
  reply: s.passwordLinkResponse.shape.data,
}));
