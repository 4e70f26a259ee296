import type { Db } from '../../../db/client.ts';
import type { ProvisionRequest, VmService } from './service.ts';
import type { JobKind, JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';

export type ProvisionRetry = { retryLimit: number; retryDelay: number };

/**
 * Provisioning of a paid new-VM order, keyed by the order: a second enqueue while one is queued is
 * dropped, and a repeated run finds the VM already running. By default 15 s, 30 s, 60 s … seven
 * retries (about half an hour) ride out a hypervisor outage before the VM is marked failed.
 */
export const provisionVmSpec = (retry: ProvisionRetry = { retryLimit: 7, retryDelay: 15 }): JobSpec<ProvisionRequest> => ({
  name: 'provision-vm',
  ...retry,
  retryBackoff: true,
  keyOf: (req) => `order-${req.orderId}`,
  // A replayed "paid" while the job waits or runs adds nothing; the service is idempotent anyway.
  policy: 'stately',
});

export function provisionVmJob(vms: VmService, retry?: ProvisionRetry): JobKind<ProvisionRequest> {
  return {
    ...provisionVmSpec(retry),
    handle: async (req, attempt) => {
      await vms.provisionForOrder(req, { finalAttempt: attempt?.final ?? false });
    },
  };
}

/**
 * What the payments module calls when a new-VM order becomes paid, with the transaction that
 * records it (`tx`): the job is queued with the payment or not at all, so a crash between payment
 * and provisioning cannot lose the VM.
 */
export async function enqueueProvisioning(
  queue: JobQueue,
  req: ProvisionRequest,
  options: { tx?: Db; retry?: ProvisionRetry } = {},
): Promise<void> {
  await queue.send(provisionVmSpec(options.retry), req, options.tx ? { db: sqlOf(options.tx) } : {});
}
