import { defineCalls } from './call.ts';

/** The saved-for-later calls (under /api, signed in); schemas in saved.ts. */
const call = defineCalls(() => import('./saved.ts'));

export const showSavedVmCall = call('GET', 'virtualMachine/showSavedVM', (s) => ({ reply: s.showSavedVMResponse.shape.data }));
export const saveVmForLaterCall = call('POST', 'virtualMachine/saveVMForLater', (s) => ({
  request: s.saveVMForLaterRequest,
  reply: s.saveVMForLaterResponse.shape.data,
}));
export const deletedSavedVmCall = call('POST', 'virtualMachine/deletedSavedVM', (s) => ({ request: s.deletedSavedVMRequest }));
