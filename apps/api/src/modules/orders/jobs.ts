import type { JobKind } from '../../jobs/queue.ts';
import { fulfilOrderJob, type Fulfilments } from './fulfil-order-job.ts';

/** The fulfil-order job (kinds 2–5 after payment); a new VM's provisioning is the machines' job. */
export function ordersJobs(fulfilments: Fulfilments): JobKind<any>[] {
  return [fulfilOrderJob(fulfilments)];
}
