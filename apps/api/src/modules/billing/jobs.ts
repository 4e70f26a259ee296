import type { FastifyBaseLogger } from 'fastify';
import type { JobKind } from '../../jobs/queue.ts';
import { RECONCILE_PAYMENTS, reconcilePaymentsJob } from './payments/reconcile-job.ts';
import type { Reconciler } from './payments/reconcile.ts';
import { SWEEP_ETIMS } from './etims/etims-job.ts';

export function billingJobs(reconciler: Reconciler, log: FastifyBaseLogger): JobKind<any>[] {
  return [reconcilePaymentsJob(reconciler, log)];
}

/** Every 5 minutes: ask the gateways about attempts whose result never came back. */
export const billingSchedules = [
  { name: RECONCILE_PAYMENTS, cron: '*/5 * * * *' },
  // eTIMS documents whose submission jobs gave up (a long outage at KRA) are submitted again.
  { name: SWEEP_ETIMS, cron: '*/5 * * * *' },
];
