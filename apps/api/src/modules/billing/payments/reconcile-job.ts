import type { FastifyBaseLogger } from 'fastify';
import type { Reconciler } from './reconcile.ts';
import type { JobKind, JobQueue } from '../../../jobs/queue.ts';

export const RECONCILE_PAYMENTS = 'reconcile-payments';

/**
 * Payment reconciliation, every 5 minutes (pg-boss cron: one run per slot however many instances
 * work the queue). Each run asks the gateways about attempts with no result after 15 minutes.
 */
export function reconcilePaymentsJob(reconciler: Reconciler, log?: FastifyBaseLogger): JobKind<Record<string, never>> {
  return {
    name: RECONCILE_PAYMENTS,
    retryLimit: 0,
    retryDelay: 60,
    retryBackoff: false,
    keyOf: () => RECONCILE_PAYMENTS,
    policy: 'stately',
    handle: async () => {
      await reconciler.run(log);
    },
  };
}

/** Works the job in this process and schedules it (call after queue.work creates its queue). */
export async function startPaymentReconciliation(
  queue: JobQueue,
  reconciler: Reconciler,
  log?: FastifyBaseLogger,
  cron = '*/5 * * * *',
): Promise<void> {
  await queue.work([reconcilePaymentsJob(reconciler, log)]);
  await queue.boss.schedule(RECONCILE_PAYMENTS, cron, {});
}
