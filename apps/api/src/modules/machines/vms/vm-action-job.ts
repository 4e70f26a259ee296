import type { VmActionJobData } from './pending-actions.ts';
import type { JobKind, JobSpec } from '../../../jobs/queue.ts';

/** The VM area's side of the job (modules/vms/vm-action-work.ts); named here so jobs/ need not import the service. */
type VmActionRunner = { runVmAction(data: VmActionJobData, final: boolean): Promise<void> };

export type ActionRetry = { retryLimit: number; retryDelay: number };
/** 10 s, 20 s, 40 s … six retries (about ten minutes) ride out a hypervisor outage. */
export const DEFAULT_ACTION_RETRY: ActionRetry = { retryLimit: 6, retryDelay: 10 };

/**
 * One hypervisor action on a VM, keyed by the VM: 'stately' keeps one queued and one running per
 * VM, and the VM's pendingAction (claimed in the enqueueing transaction) keeps a second action out.
 */
export const vmActionSpec = (retry: ActionRetry = DEFAULT_ACTION_RETRY): JobSpec<VmActionJobData> => ({
  name: 'vm-action',
  ...retry,
  retryBackoff: true,
  keyOf: (data) => `vm-${data.vmId}`,
  policy: 'stately',
});

export function vmActionJob(actions: VmActionRunner, retry?: ActionRetry): JobKind<VmActionJobData> {
  return {
    ...vmActionSpec(retry),
    handle: (data, attempt) => actions.runVmAction(data, attempt?.final ?? false),
  };
}
