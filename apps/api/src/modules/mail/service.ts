import { randomUUID } from 'node:crypto';
import type { Mail } from '../../integrations/mail/mail.ts';
import type { JobKind, JobQueue } from '../../jobs/queue.ts';

/** The one entry other modules use to send mail: it only enqueues; the job delivers. */
export function createMailService(queue: JobQueue, job: JobKind<Mail>) {
  return {
    async enqueue(mail: Omit<Mail, 'mailId'> & { mailId?: string }): Promise<string> {
      const full: Mail = { ...mail, mailId: mail.mailId ?? randomUUID() };
      await queue.send(job, full);
      return full.mailId;
    },
  };
}

export type MailService = ReturnType<typeof createMailService>;
