import type { Db } from '../../../db/client.ts';
import type { Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { PublicIp } from '../../../integrations/network/public-ip.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { backupActionSpec } from './backup-action-job.ts';
import { vmActionSpec, type ActionRetry } from './vm-action-job.ts';
import { createBackupActionWork } from './backup-action-work.ts';
import type { ConsoleTokens } from './console-token.ts';
import { createVmActionRequests } from './vm-action-requests.ts';
import { createVmActionWork } from './vm-action-work.ts';
import { createVmLists } from './vm-lists.ts';

export type VmActionDeps = {
  db: Db;
  hypervisors: Hypervisors;
  queue: JobQueue;
  publicIp: PublicIp;
  consoleTokens: ConsoleTokens;
  /** The jobs' retry policy (tests shorten it). */
  retry?: ActionRetry;
  boot?: { pollMs?: number; timeoutMs?: number };
};

/** The account page's VM area: its lists, the actions customers ask for, and the jobs that do them. */
export function createVmActionService(deps: VmActionDeps) {
  const requests = createVmActionRequests({ ...deps, vmJob: vmActionSpec(deps.retry), backupJob: backupActionSpec(deps.retry) });
  const vmWork = createVmActionWork(deps);
  const backupWork = createBackupActionWork(deps);
  return { ...createVmLists(deps.db), ...requests, ...vmWork, ...backupWork, retry: deps.retry };
}

export type VmActionService = ReturnType<typeof createVmActionService>;
