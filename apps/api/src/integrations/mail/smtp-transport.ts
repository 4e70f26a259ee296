import nodemailer from 'nodemailer';
import type { Mail, MailTransport } from './mail.ts';

/** Real delivery through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587). */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async deliver(mail: Mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
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
