import { defineCalls } from './call.ts';

/** The new-VM purchase calls (under /api, signed in); schemas in purchase.ts. */
const call = defineCalls(() => import('./purchase.ts'));

export const getVmProductDetailCall = call('POST', 'virtualMachine/getVMProductDetail', (s) => ({
  request: s.getVMProductDetailRequest,
  reply: s.newVmProductDetails,
}));
export const createOrderCall = call('POST', 'virtualMachine/CreateOrder', (s) => ({ request: s.createOrderRequest, reply: s.orderDetail }));
export const getOrderDetailCall = call('POST', 'virtualMachine/getOrderDetail', (s) => ({
  request: s.getOrderDetailRequest,
  reply: s.orderDetail,
}));
export const checkVmNameCall = call('POST', 'virtualMachine/checkVmName', (s) => ({
  request: s.checkVmNameRequest,
  reply: s.checkVmNameReply,
}));
