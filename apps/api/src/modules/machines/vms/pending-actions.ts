/** What a customer asked of a VM; the hypervisor work runs in a job, never in the request. */
export type VmAction = 'start' | 'shutdown' | 'delete' | 'restore-archive';
export type VmActionJobData = { vmId: number; action: VmAction };

/** What the VM's pendingAction says while its job is queued or running. */
export const VM_PENDING: Record<VmAction, string> = {
  start: 'starting',
  shutdown: 'stopping',
  delete: 'deleting',
  'restore-archive': 'restoring',
};

/** Deleting a clone or snapshot, or restoring a clone as a new VM (`vmId`: the row made for it). */
export type BackupActionJobData = { backupId: number; action: 'delete' } | { backupId: number; action: 'restore'; vmId: number };

/** What the backup's pendingAction says while its job is queued or running. */
export const BACKUP_PENDING = { delete: 'deleting', restore: 'restoring' } as const;
