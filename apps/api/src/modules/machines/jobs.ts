import type { FastifyInstance } from 'fastify';
import { fulfilOrderJob } from '../orders/fulfil-order-job.ts';
import { provisionVmJob } from './vms/provision-job.ts';
import type { JobKind } from '../../jobs/queue.ts';
import { assignPublicIpJob } from './public-ips/assign-job.ts';
import { backupActionJob } from './vms/backup-action-job.ts';
import { vmActionJob } from './vms/vm-action-job.ts';

/** Every job kind that acts on VMs, worked by each API instance (handlers use the app's services). */
export function vmJobs(app: FastifyInstance): JobKind<any>[] {
  return [
    provisionVmJob(app.services.vms),
    fulfilOrderJob(app.services.fulfilments),
    vmActionJob(app.services.vmActions),
    backupActionJob(app.services.vmActions),
    assignPublicIpJob(app.services.publicIps),
  ];
}
