import http from 'node:http';
import type net from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink received it over SMTP and parsed it. */
export type ReceivedMail = {
  /** The envelope sender (MAIL FROM). */
  from: string;
  /** The From header as written, e.g. `"Savannah Host" <no-reply@savannah.example>`. */
  fromHeader: string;
  /** Each header line by lower-case name (the last one wins), its value as sent (folded lines joined). */
  headers: Record<string, string>;
  /** The user the client logged in as (SMTP AUTH), or null. */
  authUser: string | null;
  /** Lower-case recipient addresses from the SMTP envelope (RCPT TO). */
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  messageId: string | null;
  attachments: { filename: string | null; contentType: string; size: number }[];
  receivedAt: string;
};

export type SmtpSink = {
  /** SMTP_URL for the product. */
  smtpUrl: string;
  /** JSON list of every mail received (`{ data: ReceivedMail[] }`), for tests in other processes. */
  mailsUrl: string;
  mails(): ReceivedMail[];
  stop(): Promise<void>;
};

const portOf = (server: net.Server | http.Server) => (server.address() as net.AddressInfo).port;

/**
 * A real SMTP server on loopback that keeps what it receives, plus a small HTTP endpoint listing
 * the mails. The product talks to it exactly as to a mail provider (nodemailer over SMTP), so the
 * journeys prove the whole path: job → transport → SMTP → a mailbox a person reads.
 */
export async function startSmtpSink(options: { users?: Record<string, string> } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const users = options.users;
  const smtp = new SMTPServer({
    // With users: AUTH PLAIN/LOGIN required and checked (over plain TCP on loopback); else anyone may send.
    authOptional: !users,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (!users) return callback(null, { user: auth.username });
      if (auth.username && users[auth.username] === auth.password) return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            fromHeader: parsed.headerLines.find((h) => h.key === 'from')?.line.replace(/^from:\s*/i, '') ?? '',
            headers: Object.fromEntries(
              parsed.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(':') + 1)
                  .replace(/\r?\n\s+/g, ' ')
                  .trim(),
              ]),
            ),
            authUser: typeof session.user === 'string' ? session.user : null,
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            messageId: parsed.messageId ?? null,
            attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? null, contentType: a.contentType, size: a.size })),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(0, '127.0.0.1', () => resolve());
  });

  const api = http.createServer((req, res) => {
    if (req.url === '/mails.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: received }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', () => resolve()));

  return {
    smtpUrl: `smtp://127.0.0.1:${portOf(smtp.server)}`,
    mailsUrl: `http://127.0.0.1:${portOf(api)}/mails.json`,
    mails: () => [...received],
    async stop() {
      await new Promise<void>((resolve) => api.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
