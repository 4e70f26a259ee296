import type { BackupActionJobData } from './pending-actions.ts';
import type { JobKind, JobSpec } from '../../../jobs/queue.ts';
import { DEFAULT_ACTION_RETRY, type ActionRetry } from './vm-action-job.ts';

/** The VM area's side of the job (modules/vms/backup-action-work.ts). */
type BackupActionRunner = { runBackupAction(data: BackupActionJobData, final: boolean): Promise<void> };

/** One action on a clone or snapshot, keyed by the backup (see vmActionSpec). */
export const backupActionSpec = (retry: ActionRetry = DEFAULT_ACTION_RETRY): JobSpec<BackupActionJobData> => ({
  name: 'vm-backup-action',
  ...retry,
  retryBackoff: true,
  keyOf: (data) => `backup-${data.backupId}`,
  policy: 'stately',
});

export function backupActionJob(actions: BackupActionRunner, retry?: ActionRetry): JobKind<BackupActionJobData> {
  return {
    ...backupActionSpec(retry),
    handle: (data, attempt) => actions.runBackupAction(data, attempt?.final ?? false),
  };
}
