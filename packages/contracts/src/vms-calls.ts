import { defineCalls } from './call.ts';

/** The customer's VM list (under /api, signed in); schemas in vms.ts. */
const call = defineCalls(() => import('./vms.ts'));

export const getUserVmsCall = call('GET', 'virtualMachine/getUserVMs', (s) => ({ reply: s.getUserVMsResponse.shape.data }));
