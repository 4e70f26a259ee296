import { defineCalls } from './call.ts';

/** Update, clone and snapshot of a VM (under /api, signed in); schemas in vm-changes.ts, the order they create in purchase.ts. */
const call = defineCalls(async () => {
  const [changes, purchase] = await Promise.all([import('./vm-changes.ts'), import('./purchase.ts')]);
  return { ...changes, orderDetail: purchase.orderDetail };
});

const detail = (s: typeof import('./vm-changes.ts')) => ({ request: s.vmChangeDetailRequest, reply: s.vmChangeDetails });
export const getVmDetailForUpdateCall = call('POST', 'virtualMachine/getVMDetailForUpdateVM', detail);
export const getVmDetailForCloneCall = call('POST', 'virtualMachine/getVMDetailForCloneVm', detail);
export const getVmDetailForSnapshotCall = call('POST', 'virtualMachine/getVMDetailForSnapshotVm', detail);

export const updateVmCall = call('POST', 'virtualMachine/updateVM', (s) => ({ request: s.updateVmRequest, reply: s.orderDetail }));
export const createOrderForCloneCall = call('POST', 'virtualMachine/createOrderForcloneVM', (s) => ({
  request: s.backupOrderRequest,
  reply: s.orderDetail,
}));
export const createOrderForSnapshotCall = call('POST', 'virtualMachine/createOrderForSnapshotVM', (s) => ({
  request: s.backupOrderRequest,
  reply: s.orderDetail,
}));
