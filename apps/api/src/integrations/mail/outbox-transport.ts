import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { outboxMails } from '../../db/schema.ts';
import type { Mail, MailTransport } from './mail.ts';

/** The embedded default: mail is kept in the outbox table (and logged) instead of being sent. */
export function createOutboxTransport(db: Db, from: string, log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'outbox',
    async deliver(mail: Mail) {
      await db
        .insert(outboxMails)
        .values({
          mailId: mail.mailId,
          companyId: mail.companyId,
          from: mail.from ?? from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          attachments: (mail.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            size: Buffer.from(a.contentBase64, 'base64').length,
          })),
        })
        .onConflictDoNothing({ target: outboxMails.mailId });
      log.info({ to: mail.to, subject: mail.subject }, 'mail stored in the outbox (no SMTP_URL configured)');
    },
    close: () => {},
  };
}
