import type { FastifyInstance } from 'fastify';
import { fulfilOrderJob } from './fulfil-order.ts';
import { provisionVmJob } from './provision-vm.ts';
import type { JobKind } from './queue.ts';

/** Every job kind that acts on VMs, worked by each API instance (handlers use the app's services). */
export function vmJobs(app: FastifyInstance): JobKind<any>[] {
  return [provisionVmJob(app.services.vms), fulfilOrderJob(app.services.fulfilments)];
}
