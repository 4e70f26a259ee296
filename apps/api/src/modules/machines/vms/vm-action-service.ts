import type { Db } from '../../../db/client.ts';
import type { Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { PublicIp } from '../../../integrations/network/public-ip.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { backupActionSpec } from './backup-action-job.ts';
import { vmActionSpec, type ActionRetry } from './vm-action-job.ts';
import { createBackupActionWork } from './backup-action-work.ts';
import type { ConsoleTokens } from './console-token.ts';
import { createVmActionRequests, type VmActionRequestDeps } from './vm-action-requests.ts';
import { createVmActionWork } from './vm-action-work.ts';
import { createVmLists, type ChargedOfOrders, type PaidRenewalsOf } from './vm-lists.ts';

export type VmActionDeps = {
  db: Db;
  hypervisors: Hypervisors;
  queue: JobQueue;
  publicIp: PublicIp;
  consoleTokens: ConsoleTokens;
  /** What a renewal was charged in another currency, for the Renewals tab (billing's). */
  chargedOfOrders: ChargedOfOrders;
  /** The customer's paid renewals, for the same tab (the orders'). */
  paidRenewalsOf: PaidRenewalsOf;
  /** The machine's login and cloud login on the VM's view (modules/vm-access). */
  access?: VmActionRequestDeps['access'];
  /** The jobs' retry policy (tests shorten it). */
  retry?: ActionRetry;
  boot?: { pollMs?: number; timeoutMs?: number };
};

/** The account page's VM area: its lists, the actions customers ask for, and the jobs that do them. */
export function createVmActionService(deps: VmActionDeps) {
  const requests = createVmActionRequests({ ...deps, vmJob: vmActionSpec(deps.retry), backupJob: backupActionSpec(deps.retry) });
  const vmWork = createVmActionWork(deps);
  const backupWork = createBackupActionWork(deps);
  return { ...createVmLists(deps.db, deps), ...requests, ...vmWork, ...backupWork, retry: deps.retry };
}

export type VmActionService = ReturnType<typeof createVmActionService>;
