import { defineCalls } from './call.ts';

/** The renewal calls (under /api, signed in); schemas in renewals.ts, the order they create in purchase.ts. */
const call = defineCalls(async () => {
  const [renewals, purchase] = await Promise.all([import('./renewals.ts'), import('./purchase.ts')]);
  return { ...renewals, orderDetail: purchase.orderDetail };
});

export const getVmDetailForRenewCall = call('POST', 'virtualMachine/getVMDetailForRenew', (s) => ({
  request: s.getVMDetailForRenewRequest,
  reply: s.renewVmDetails,
}));
export const renewVmCall = call('POST', 'virtualMachine/renewVM', (s) => ({ request: s.renewVMRequest, reply: s.orderDetail }));
export const getVmDataForMultipleRenewCall = call('POST', 'virtualMachine/getVMDataForMultipleRenew', (s) => ({
  request: s.getVMDataForMultipleRenewRequest,
  reply: s.multiRenewDetails,
}));
export const renewSelectedVmCall = call('POST', 'virtualMachine/renewSelectedVM', (s) => ({
  request: s.renewSelectedVMRequest,
  reply: s.orderDetail,
}));
