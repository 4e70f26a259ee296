import { randomUUID } from 'node:crypto';
import type { Mail } from '../../../integrations/mail/mail.ts';
import type { JobKind, JobQueue, SendOptions } from '../../../jobs/queue.ts';

/** The one entry other modules use to send mail: it only enqueues; the job delivers. */
export function createMailService(queue: JobQueue, job: JobKind<Mail>) {
  return {
    /** `options.db` enqueues inside the caller's transaction (db/transaction-sql.ts). */
    async enqueue(mail: Omit<Mail, 'mailId'> & { mailId?: string }, options?: SendOptions): Promise<string> {
      const full: Mail = { ...mail, mailId: mail.mailId ?? randomUUID() };
      await queue.send(job, full, options);
      return full.mailId;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
