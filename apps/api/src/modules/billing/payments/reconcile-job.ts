import type { FastifyBaseLogger } from 'fastify';
import type { Reconciler } from './reconcile.ts';
import type { JobKind } from '../../../jobs/queue.ts';

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
