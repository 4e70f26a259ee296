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
  /** The recipient's language ('en', 'ko'): the branded frame's words and an edited text's language. */
  language?: string;
  /**
   * An editable mail (packages/contracts/src/mail-texts.ts): its key and the values of its
   * placeholders. When the company has its own text for it, that text replaces subject and body.
   */
  template?: { key: string; vars: Record<string, string> };
  /** A newsletter's unsubscribe link: sent as List-Unsubscribe with RFC 8058 one-click. */
  listUnsubscribe?: string;
  /** Set at delivery by the company's branding: the sender ("Name <address>") and extra headers. */
  from?: string;
  headers?: Record<string, string>;
};

/** The Mailer port: SMTP when configured, else the outbox table. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(mail: Mail): Promise<void>;
  close(): void;
}
