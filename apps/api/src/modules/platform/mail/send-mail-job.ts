import type { Mail, MailTransport } from '../../../integrations/mail/mail.ts';
import type { JobKind } from '../../../jobs/queue.ts';

/**
 * Sends one mail. A refused or unreachable server is retried with back-off: by default 30 s,
 * 60 s, 120 s … six times, which rides out an SMTP outage of about half an hour.
 */
export function sendMailJob(transport: MailTransport, retry = { retryLimit: 6, retryDelay: 30 }): JobKind<Mail> {
  return {
    name: 'send-mail',
    ...retry,
    retryBackoff: true,
    keyOf: (mail) => mail.mailId,
    handle: (mail) => transport.deliver(mail),
  };
}
