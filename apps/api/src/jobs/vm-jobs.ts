import type { FastifyInstance } from 'fastify';
import { fulfilOrderJob } from './fulfil-order.ts';
import { provisionVmJob } from './provision-vm.ts';
import type { JobKind } from './queue.ts';
import { assignPublicIpJob } from '../modules/public-ips/assign-job.ts';
import { backupActionJob } from './vm-action-backup.ts';
import { vmActionJob } from './vm-action-vm.ts';

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
