import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { createSmtpTransport } from '../../../integrations/mail/smtp-transport.ts';
import { createMailService } from './service.ts';
import { sendMailJob } from './send-mail-job.ts';
import { until } from '../../../../test/until.ts';
import { PRODUCTION_ENV } from '../../../../test/production-env.ts';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server in the test process; `refuseFirst` makes it reject that many deliveries. */
async function startSmtp(refuseFirst: number) {
  const received: Received[] = [];
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        if (refused < refuseFirst) {
          refused += 1;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, refusals: () => refused, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('mail through the job queue and a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestContext;

  beforeAll(async () => {
    smtp = await startSmtp(1);
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Mawingu <no-reply@mawingu.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers an enqueued mail, retrying after the server refused the first attempt', async () => {
    const job = sendMailJob(createSmtpTransport(t.config.smtpUrl!, t.config.mailFrom), { retryLimit: 3, retryDelay: 1 });
    await t.queue.work([job], { pollingIntervalSeconds: 0.5 });
    const mail = createMailService(t.queue, job);
    const mailId = await mail.enqueue({
      companyId: null,
      to: 'thandi@example.co.za',
      subject: 'Welcome to Mawingu ✓',
      text: 'Your one-time code is 482913.',
      attachments: [
        { filename: 'invoice.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF-1.4 test').toString('base64') },
      ],
    });

    const got = await until(() => smtp.received[0]);
    expect(smtp.refusals()).toBe(1);
    expect(got.from).toBe('no-reply@mawingu.example');
    expect(got.to).toEqual(['thandi@example.co.za']);
    expect(got.raw).toContain('Your one-time code is 482913.');
    expect(got.raw).toContain(`Message-ID: <${mailId}@mawingu>`);
    expect(got.raw).toContain('filename=invoice.pdf');

    const state = await until(async () => {
      const rows = await t.database.executeSql(`select state, retry_count from pgboss.job where name = 'send-mail'`);
      return rows.rows[0]?.state === 'completed' ? rows.rows[0] : undefined;
    });
    expect(state.retry_count).toBe(1);
  });
});

describe('mail without SMTP: the outbox', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the mail in the outbox once, even when the job runs twice, and lists it at /dev/outbox', async () => {
    const job = sendMailJob(t.mailTransport, { retryLimit: 1, retryDelay: 1 });
    const mail = {
      mailId: '6f1c2b9e-4f3a-4d57-9d8e-0a1b2c3d4e5f',
      companyId: null,
      to: 'wanjiru@example.co.ke',
      subject: 'Your <OTP>',
      text: 'Code 123456',
    };
    await job.handle(mail);
    await job.handle(mail);
    const json = (await t.app.inject({ method: 'GET', url: '/dev/outbox.json' })).json();
    expect(json.data).toHaveLength(1);
    expect(json.data[0]).toMatchObject({ to: 'wanjiru@example.co.ke', subject: 'Your <OTP>', text: 'Code 123456' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Your &lt;OTP&gt;');
    expect(page.body).not.toContain('Your <OTP>');
  });
});

describe('the outbox page in production', () => {
  it('does not exist', async () => {
    const t = await createTestApp({ ...PRODUCTION_ENV });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
