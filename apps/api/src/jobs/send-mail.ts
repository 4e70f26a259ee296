import type { Mail, MailTransport } from '../integrations/mail/mail.ts';
import type { JobKind } from './queue.ts';

/** Sends one mail; retried with back-off (30 s, 60 s, 120 s …) when the server refuses or is down. */
export function sendMailJob(transport: MailTransport): JobKind<Mail> {
  return {
    name: 'send-mail',
    retryLimit: 6,
    retryDelay: 30,
    retryBackoff: true,
    keyOf: (mail) => mail.mailId,
    handle: (mail) => transport.deliver(mail),
  };
}
