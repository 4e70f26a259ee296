import type { VmActionService } from '../modules/vms/vm-action-service.ts';
import type { JobKind, JobSpec } from './queue.ts';
import { DEFAULT_ACTION_RETRY, type ActionRetry } from './vm-action-vm.ts';

/** Deleting a clone or snapshot, or restoring a clone as a new VM (`vmId`: the row made for it). */
export type BackupActionJobData = { backupId: number; action: 'delete' } | { backupId: number; action: 'restore'; vmId: number };

export const BACKUP_PENDING = { delete: 'deleting', restore: 'restoring' } as const;

/** One action on a clone or snapshot, keyed by the backup (see vmActionSpec). */
export const backupActionSpec = (retry: ActionRetry = DEFAULT_ACTION_RETRY): JobSpec<BackupActionJobData> => ({
  name: 'vm-backup-action',
  ...retry,
  retryBackoff: true,
  keyOf: (data) => `backup-${data.backupId}`,
  policy: 'stately',
});

export function backupActionJob(actions: VmActionService, retry?: ActionRetry): JobKind<BackupActionJobData> {
  return {
    ...backupActionSpec(retry),
    handle: (data, attempt) => actions.runBackupAction(data, attempt?.final ?? false),
  };
}
