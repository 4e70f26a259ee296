import type { JobKind, JobSpec } from './queue.ts';
import { DEFAULT_ACTION_RETRY, type ActionRetry } from './vm-action-vm.ts';

export type AssignPublicIpJobData = { vmId: number };

/** The public-IP area's side of the job (modules/public-ips/service.ts); named here so jobs/ need not import the service. */
type AssignRunner = { runAssign(data: AssignPublicIpJobData, final: boolean): Promise<void> };

/** Forwarding a VM's ports through the PublicIp port (Meraki or the simulator), keyed by the VM. */
export const assignPublicIpSpec = (retry: ActionRetry = DEFAULT_ACTION_RETRY): JobSpec<AssignPublicIpJobData> => ({
  name: 'assign-public-ip',
  ...retry,
  retryBackoff: true,
  keyOf: (data) => `public-ip-${data.vmId}`,
  policy: 'stately',
});

export function assignPublicIpJob(publicIps: AssignRunner, retry?: ActionRetry): JobKind<AssignPublicIpJobData> {
  return {
    ...assignPublicIpSpec(retry),
    handle: (data, attempt) => publicIps.runAssign(data, attempt?.final ?? false),
  };
}
