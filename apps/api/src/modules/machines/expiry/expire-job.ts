import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { Hypervisors } from '../../../integrations/hypervisors/hypervisor.ts';
import type { Mail } from '../../../integrations/mail/mail.ts';
import { createExpiryMachines, type MachineAction } from './machines.ts';
import { createExpiryOutbox } from './outbox.ts';
import { createExpirySweep, type SweepResult } from './sweep.ts';
import type { JobKind, JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { sendMailJob } from '../../platform/index.ts';

export const EXPIRE_VMS = 'expire-vms';

export type MachineRetry = { retryLimit: number; retryDelay: number };

/**
 * One job per VM whose machine must be stopped (expired) or archived, keyed by action and VM: a
 * second one while the first waits is dropped. 15 s, 30 s, 60 s … seven retries ride out about
 * half an hour of hypervisor outage before the error is left on the VM for an operator.
 */
export const expiryMachineSpec = (retry: MachineRetry = { retryLimit: 7, retryDelay: 15 }): JobSpec<MachineAction> => ({
  name: 'expiry-machine',
  ...retry,
  retryBackoff: true,
  keyOf: (req) => `${req.action}-vm-${req.vmId}`,
  policy: 'stately',
});

export type VmExpiryDeps = { db: Db; hypervisors: Hypervisors; queue: JobQueue };
export type VmExpiryOptions = { retry?: MachineRetry; batchSize?: number; log?: FastifyBaseLogger };

/**
 * The send-mail kind as the mail service sends it (name, key, retries). Only the spec is used here:
 * the kind's handler belongs to the process that holds the mail transport.
 */
const mailSpec: JobSpec<Mail> = sendMailJob({
  kind: 'outbox',
  deliver: () => Promise.reject(new Error('the expiry pass only queues mail')),
  close: () => undefined,
});

/**
 * The pass alone (no hypervisor needed: it only queues the machine jobs), for the job and for a
 * run by hand (modules/expiry/expire-cli.ts).
 */
export function createExpiryPass(db: Db, queue: JobQueue, options: Pick<VmExpiryOptions, 'retry' | 'batchSize'> = {}) {
  const outbox = createExpiryOutbox(queue, { mail: mailSpec, machine: expiryMachineSpec(options.retry) });
  const sweeper = createExpirySweep({ db, outbox, batchSize: options.batchSize });
  return async (at?: Date): Promise<SweepResult> => {
    await outbox.ready();
    return sweeper.sweep(at);
  };
}

/**
 * Expiry as jobs: the pass (`expire-vms`, scheduled; also callable directly — every part is
 * idempotent) changes states in set-based SQL and queues each batch's notices, mails and per-VM
 * machine jobs in bulk, in the batch's transaction.
 */
export function createVmExpiry({ db, hypervisors, queue }: VmExpiryDeps, options: VmExpiryOptions = {}) {
  const spec = expiryMachineSpec(options.retry);
  const sweep = createExpiryPass(db, queue, options);
  const machines = createExpiryMachines({ db, hypervisors });

  const sweepJob: JobKind<Record<string, never>> = {
    name: EXPIRE_VMS,
    retryLimit: 2,
    retryDelay: 300,
    retryBackoff: false,
    keyOf: () => EXPIRE_VMS,
    policy: 'stately',
    handle: async () => {
      const started = performance.now();
      const result = await sweep();
      options.log?.info({ ...result, ms: Math.round(performance.now() - started) }, 'expiry pass');
    },
  };

  const machineJob: JobKind<MachineAction> = {
    ...spec,
    handle: (req, attempt) => machines.carryOut(req, { final: attempt?.final ?? false }),
  };

  return { sweep, carryOut: machines.carryOut, sweepJob, machineJob, jobs: [sweepJob, machineJob] as JobKind<any>[] };
}

export type VmExpiry = ReturnType<typeof createVmExpiry>;
