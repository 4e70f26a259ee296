import type { VmActionService } from '../modules/vms/vm-action-service.ts';
import type { JobKind, JobSpec } from './queue.ts';

/** What a customer asked of a VM; the hypervisor work runs here, never in the request. */
export type VmAction = 'start' | 'shutdown' | 'delete' | 'restore-archive';
export type VmActionJobData = { vmId: number; action: VmAction };

/** What the VM's pendingAction says while its job is queued or running. */
export const VM_PENDING: Record<VmAction, string> = {
  start: 'starting',
  shutdown: 'stopping',
  delete: 'deleting',
  'restore-archive': 'restoring',
};

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

export function vmActionJob(actions: VmActionService, retry?: ActionRetry): JobKind<VmActionJobData> {
  return {
    ...vmActionSpec(retry),
    handle: (data, attempt) => actions.runVmAction(data, attempt?.final ?? false),
  };
}
