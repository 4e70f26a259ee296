import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Hypervisors } from '../../integrations/hypervisors/hypervisor.ts';
import type { JobKind, JobQueue } from '../../jobs/queue.ts';
import { createVmExpiry, EXPIRE_VMS } from './expiry/expire-job.ts';
import type { PublicIpService } from './public-ips/service.ts';
import { assignPublicIpJob } from './public-ips/assign-job.ts';
import type { VmService } from './vms/service.ts';
import type { VmActionService } from './vms/vm-action-service.ts';
import { backupActionJob } from './vms/backup-action-job.ts';
import { provisionVmJob } from './vms/provision-job.ts';
import { vmActionJob } from './vms/vm-action-job.ts';

type Deps = {
  db: Db;
  queue: JobQueue;
  hypervisors: Hypervisors;
  vms: VmService;
  vmActions: VmActionService;
  publicIps: PublicIpService;
  log: FastifyBaseLogger;
};

/** Every job kind that acts on VMs, worked by each API instance: provisioning, actions, public IPs, expiry. */
export function machinesJobs({ db, queue, hypervisors, vms, vmActions, publicIps, log }: Deps): JobKind<any>[] {
  const expiry = createVmExpiry({ db, queue, hypervisors }, { log });
  return [provisionVmJob(vms), vmActionJob(vmActions), backupActionJob(vmActions), assignPublicIpJob(publicIps), ...expiry.jobs];
}

/** Daily: expiry reminders, expiry at the end date, archiving after the grace period. */
export const machinesSchedules = [{ name: EXPIRE_VMS, cron: '30 0 * * *' }];
