import { defineCalls } from './call.ts';

/** The account page's VM lists and actions (under /api, signed in); schemas in vm-actions.ts. */
const call = defineCalls(() => import('./vm-actions.ts'));

export const getUserBackupsCall = call('GET', 'virtualMachine/getUserBackups', (s) => ({ reply: s.getUserBackupsResponse.shape.data }));
export const getArchivedVmsCall = call('GET', 'virtualMachine/getArchivedVMs', (s) => ({ reply: s.getArchivedVMsResponse.shape.data }));
export const getRenewalsCall = call('GET', 'virtualMachine/getRenewals', (s) => ({ reply: s.getRenewalsResponse.shape.data }));

const power = (s: typeof import('./vm-actions.ts')) => ({ request: s.vmPowerRequest, reply: s.queuedAction });
export const startVirtualMachineCall = call('POST', 'vmAction/startVirtualMachine', power);
export const shutdownVirtualMachineCall = call('POST', 'vmAction/shutdownVirtualMachine', power);
export const deleteVirtualMachineCall = call('POST', 'vmAction/deleteVirtualMachine', power);
export const deleteCloneVirtualMachineCall = call('POST', 'vmAction/deleteCloneVirtualMachine', (s) => ({
  request: s.deleteCloneVirtualMachineRequest,
  reply: s.queuedAction,
}));
export const deleteSnapshotCall = call('POST', 'vmAction/deleteSnapshot', (s) => ({
  request: s.deleteSnapshotRequest,
  reply: s.queuedAction,
}));
export const viewVmCall = call('POST', 'vmAction/viewVM', (s) => ({ request: s.viewVmRequest, reply: s.vmView }));
export const restoreCloneVmCall = call('POST', 'virtualMachine/restoreCloneVM', (s) => ({
  request: s.restoreCloneVmRequest,
  reply: s.queuedAction,
}));
export const restoreArchiveVmCall = call('POST', 'virtualMachine/restoreArchiveVM', (s) => ({
  request: s.restoreArchiveVmRequest,
  reply: s.queuedAction,
}));
export const addAliasNameCall = call('POST', 'virtualMachine/addAliasName', (s) => ({
  request: s.addAliasNameRequest,
  reply: s.aliasNameResult,
}));

export const getMaintenanceFlagCall = call('GET', 'allowIP/getMaintenanceFlag', (s) => ({ reply: s.maintenanceFlag }));
export const assignPublicIpCall = call('POST', 'allowIP/assignPublicIP', (s) => ({
  request: s.assignPublicIpRequest,
  reply: s.assignedPublicIp,
}));
