import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/client.ts';
import type { Mail } from '../../../integrations/mail/mail.ts';
import type { JobQueue, JobSpec } from '../../../jobs/queue.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { notifyEach, type Notice } from '../../identity/index.ts';
import type { MachineAction } from './machines.ts';

export type { Notice };
export type OutgoingMail = Omit<Mail, 'mailId'>;

/** What a batch of the expiry pass writes besides the VMs' state, each in one statement, in the batch's transaction. */
export type ExpiryOutbox = {
  notices(tx: Db, notices: Notice[]): Promise<void>;
  mails(tx: Db, mails: OutgoingMail[]): Promise<void>;
  machines(tx: Db, action: MachineAction['action'], vmIds: number[]): Promise<void>;
};

/**
 * The bulk forms of notifications.notify and mail.enqueue: the same rows and the same send-mail
 * jobs, but one INSERT per batch instead of two or three statements per VM (on PGlite each one
 * costs a round through the single connection; a catch-up pass expires thousands of VMs).
 * `ready()` creates the job queues before the pass: a bulk insert into a queue that does not exist
 * yet would insert nothing.
 */
export function createExpiryOutbox(queue: JobQueue, specs: { mail: JobSpec<Mail>; machine: JobSpec<MachineAction> }) {
  const jobsOf = <T extends object>(spec: JobSpec<T>, items: T[]) =>
    items.map((data) => ({
      name: spec.name,
      data,
      singletonKey: spec.keyOf(data),
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelay,
      retryBackoff: spec.retryBackoff,
    }));

  const insertJobs = async <T extends object>(tx: Db, spec: JobSpec<T>, items: T[]) => {
    if (items.length > 0) await queue.boss.insert(jobsOf(spec, items), { db: { executeSql: sqlOf(tx) } });
  };

  let created: Promise<unknown> | undefined;
  const ready = () =>
    (created ??= queue.prepare([specs.mail, specs.machine]).catch((err: unknown) => {
      created = undefined;
      throw err;
    }));

  const outbox: ExpiryOutbox = {
    // Expiry notices are about a VM: they lead to the Products tab, as notifications.notify's would.
    notices: (tx, notices) => notifyEach(tx, notices, 'products'),
    mails: (tx, mails) =>
      insertJobs(
        tx,
        specs.mail,
        mails.map((mail): Mail => ({ ...mail, mailId: randomUUID() })),
      ),
    machines: (tx, action, vmIds) =>
      insertJobs(
        tx,
        specs.machine,
        vmIds.map((vmId) => ({ vmId, action })),
      ),
  };
  return { ...outbox, ready };
}
