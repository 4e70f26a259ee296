/** A mail as the mail job carries it. Attachments travel base64-encoded in the job row. */
export type Mail = {
  mailId: string;
  companyId: number | null;
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
};

/** The Mailer port: SMTP when configured, else the outbox table. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: Mail): Promise<void>;
  close(): void;
}
