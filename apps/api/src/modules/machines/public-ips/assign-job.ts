import type { JobKind, JobSpec } from '../../../jobs/queue.ts';
import { DEFAULT_ACTION_RETRY, type ActionRetry } from '../vms/vm-action-job.ts';

export type AssignPublicIpJobData = { vmId: number };

/** Forwarding a VM's ports through the PublicIp port (Meraki or the simulator), keyed by the VM. */
export const assignPublicIpSpec = (retry: ActionRetry = DEFAULT_ACTION_RETRY): JobSpec<AssignPublicIpJobData> => ({
  name: 'assign-public-ip',
  ...retry,
  retryBackoff: true,
  keyOf: (data) => `public-ip-${data.vmId}`,
  policy: 'stately',
});

/** What works the job: the public-IP service's `runAssign` (`final` on the last attempt). */
type AssignWorker = { runAssign(data: AssignPublicIpJobData, final: boolean): Promise<void> };

/** The assign-public-ip job kind; jobs/vm-jobs.ts hands it the app's public-IP service. */
export function assignPublicIpJob(publicIps: AssignWorker, retry?: ActionRetry): JobKind<AssignPublicIpJobData> {
  return {
    ...assignPublicIpSpec(retry),
    handle: (data, attempt) => publicIps.runAssign(data, attempt?.final ?? false),
  };
}
