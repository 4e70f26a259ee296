import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Mail, MailTransport } from './mail.ts';

/**
 * Real delivery through an SMTP server: the server's (`SMTP_URL`, e.g. smtp://user:pass@host:587)
 * or a company's own (options with host, port, TLS and login). `from` is used when the mail
 * carries no sender of its own.
 */
export function createSmtpTransport(smtp: string | SMTPTransport.Options, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtp);
  return {
    kind: 'smtp',
    async deliver(mail: Mail) {
      await transporter.sendMail({
        from: mail.from ?? from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        // A stable Message-ID lets receivers drop the duplicate of a retried delivery.
        messageId: `<${mail.mailId}@mawingu>`,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.contentBase64, 'base64'),
        })),
      });
    },
    close: () => transporter.close(),
  };
}
