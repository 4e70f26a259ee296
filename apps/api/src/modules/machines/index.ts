// The machines domain's public entry: what other domains may import from it (lint enforces it,
// docs/decisions/0092-domain-boundaries-in-lint.md). Everything else in the folder is its own.
export type { MachinesModule } from './module.ts';
export { findActionableVm } from './vms/customer-vm.ts';
export type { CustomerVm } from './vms/customer-vm.ts';
export { describeError } from './vms/machine-state.ts';
export { enqueueProvisioning } from './vms/provision-job.ts';
export type { ProvisionRequest } from './vms/service.ts';
export { transitionVm } from './vms/vm-state.ts';
export { setVmBlocked } from './vms/vm-block.ts';
export type { OperatorRefusal, VmOperatorActions } from './vms/vm-operator-actions.ts';
export type { SshKeyService } from './vm-access/ssh-keys.ts';
export { labelOfVms, vmLabelsByIds, vmsBoughtBy, type OrderVmLabel } from './vms/vm-names.ts';
export { claimVmForResize, extendVm, lockVm, recordResized, recordVmError, releaseFailedResize, vmOfCustomer } from './vms/vm-records.ts';
export type { VmRecord } from './vms/vm-records.ts';
export { addedDisksOf, diskForOrder, dropUnconfirmedDisk, markDiskAttached, type AddedDiskRow } from './vms/vm-disk-records.ts';
export { backupForOrder, hasLiveCopy, markBackupReady, recordBackupFailure } from './vms/backup-records.ts';
export { eraseMachinesOf, machinesPersonalData, undeletedVmNamesOf } from './personal-data/personal-data.ts';
export { regionsWithVms, vmCountsByProduct } from './vms/vm-usage.ts';
