import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, outboxMails } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { sendMailJob } from '../../platform/mail/send-mail-job.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import type { MailService } from '../../platform/mail/service.ts';
import { createNewsletterService } from './service.ts';

const ACME = 'https://acme-letter.example';
const ZEBRA = 'https://zebra-letter.example';

/** The token of the newest unsubscribe link mailed to `to`. */
async function tokenMailedTo(t: TestContext, to: string, site = ACME): Promise<string> {
  const mail = (await queuedMails(t, to)).at(-1);
  const match = mail?.text.match(new RegExp(`${site.replaceAll('.', '\\.')}/newsletter\\?token=([\\w-]+)`));
  if (!match) throw new Error(`no unsubscribe link mailed to ${to}`);
  return match[1]!;
}

describe('newsletter', () => {
  let t: TestContext;
  let acmeId: number;
  // Each test comes from its own address: the calls are rate limited per client.
  let client = 0;
  const from = () => `203.0.113.${++client}`;

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = (await upsertCompany(t.database.db, completeCompany('acme-letter', 'Acme Cloud'), [ACME])).id;
    await upsertCompany(t.database.db, completeCompany('zebra-letter', 'Zebra Hosting'), [ZEBRA]);
  });
  afterAll(() => t.close());

  it('subscribes a trimmed address, mails an unsubscribe link and stores only the token’s hash', async () => {
    const res = await post(t.app, 'newsLetter/subscribeUser', { emailID: '  Thandi@Example.co.za ', websiteUrl: ACME }, {}, from());
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Subscribed successfully', data: null });

    const [mail] = await queuedMails(t, 'thandi@example.co.za');
    expect(mail).toMatchObject({ companyId: acmeId, subject: 'You are subscribed to Acme Cloud news' });
    const token = await tokenMailedTo(t, 'thandi@example.co.za');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);

    const [row] = await t.database.db
      .select()
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.companyId, acmeId), eq(newsletterSubscribers.email, 'thandi@example.co.za')));
    expect(row!.unsubscribeTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.unsubscribeTokenHash).not.toContain(token);
  });

  it('answers 409 "The email already exists" for an active subscriber of the same company, in any case', async () => {
    await post(t.app, 'newsLetter/subscribeUser', { emailID: 'wanjiru@example.co.ke', websiteUrl: ACME }, {}, from());
    const again = await post(t.app, 'newsLetter/subscribeUser', { emailID: 'WANJIRU@example.co.ke', websiteUrl: ACME }, {}, from());
    expect(again.http).toBe(409);
    expect(again.body).toEqual({ status: 409, message: 'The email already exists', data: null });
    expect(await queuedMails(t, 'wanjiru@example.co.ke')).toHaveLength(1);
  });

  it('lets the same address subscribe to another company', async () => {
    const res = await post(t.app, 'newsLetter/subscribeUser', { emailID: 'wanjiru@example.co.ke', websiteUrl: ZEBRA }, {}, from());
    expect(res.http).toBe(200);
  });

  it('refuses a missing or malformed address with the spec’s messages', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'Email required'],
      ['   ', 'Email required'],
      ['not-an-email', 'Enter correct email'],
      ['a@b', 'Enter correct email'],
    ];
    for (const [emailID, message] of cases) {
      const res = await post(t.app, 'newsLetter/subscribeUser', { emailID, websiteUrl: ACME }, {}, from());
      expect(res.http).toBe(400);
      expect(res.body.message).toBe(message);
      expect(res.body.data.fieldErrors).toEqual({ emailID: message });
    }
  });

  it('unsubscribes with the mailed token once; the link is dead afterwards', async () => {
    await post(t.app, 'newsLetter/subscribeUser', { emailID: 'sipho@example.co.za', websiteUrl: ACME }, {}, from());
    const token = await tokenMailedTo(t, 'sipho@example.co.za');

    const first = await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: token, websiteUrl: ACME }, {}, from());
    expect(first.http).toBe(200);
    expect(first.body).toEqual({ status: 200, message: 'You have been Unsubscribed successfully', data: null });

    const second = await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: token, websiteUrl: ACME }, {}, from());
    expect(second.http).toBe(404);
    expect(second.body.message).toBe('This unsubscribe link is invalid or has already been used.');
  });

  it('does not accept one company’s token on another company’s site, nor a made-up token', async () => {
    await post(t.app, 'newsLetter/subscribeUser', { emailID: 'amina@example.co.ke', websiteUrl: ACME }, {}, from());
    const token = await tokenMailedTo(t, 'amina@example.co.ke');
    expect((await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: token, websiteUrl: ZEBRA }, {}, from())).http).toBe(404);
    expect((await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: 'x'.repeat(43), websiteUrl: ACME }, {}, from())).http).toBe(
      404,
    );
    const empty = await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: ' ', websiteUrl: ACME }, {}, from());
    expect(empty.http).toBe(400);
    expect(empty.body.message).toBe('This unsubscribe link is invalid or has already been used.');
    // Still subscribed: the right token works.
    expect((await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: token, websiteUrl: ACME }, {}, from())).http).toBe(200);
  });

  it('subscribes again after unsubscribing, with a new link', async () => {
    await post(t.app, 'newsLetter/subscribeUser', { emailID: 'lerato@example.co.za', websiteUrl: ACME }, {}, from());
    const oldToken = await tokenMailedTo(t, 'lerato@example.co.za');
    await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: oldToken, websiteUrl: ACME }, {}, from());

    const again = await post(t.app, 'newsLetter/subscribeUser', { emailID: 'lerato@example.co.za', websiteUrl: ACME }, {}, from());
    expect(again.http).toBe(200);
    const newToken = await tokenMailedTo(t, 'lerato@example.co.za');
    expect(newToken).not.toBe(oldToken);
    expect((await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: oldToken, websiteUrl: ACME }, {}, from())).http).toBe(404);
    expect((await post(t.app, 'newsLetter/unSubscribeUser', { queryStringValue: newToken, websiteUrl: ACME }, {}, from())).http).toBe(200);
  });

  it('delivers the welcome mail through the queue to the outbox', async () => {
    await t.queue.work([sendMailJob(t.mailTransport, { retryLimit: 1, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
    await post(t.app, 'newsLetter/subscribeUser', { emailID: 'delivered@example.co.za', websiteUrl: ACME }, {}, from());
    const deadline = Date.now() + 15_000;
    let rows: (typeof outboxMails.$inferSelect)[] = [];
    while (rows.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      rows = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, 'delivered@example.co.za'));
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]!.text).toContain(`${ACME}/newsletter?token=`);
  });

  it('limits how many subscriptions one client can request per minute', async () => {
    const address = '198.51.100.7';
    const replies = [];
    for (let i = 0; i < 11; i += 1) {
      replies.push(await post(t.app, 'newsLetter/subscribeUser', { emailID: 'bad', websiteUrl: ACME }, {}, address));
    }
    expect(replies.slice(0, 10).every((r) => r.http === 400)).toBe(true);
    expect(replies[10]!.http).toBe(429);
    expect(replies[10]!.body).toEqual({ status: 429, message: 'Too many requests. Please try again later.', data: null });
  });

  it('leaves the address unsubscribed when the welcome mail cannot be queued, so a retry works', async () => {
    const broken: MailService = { enqueue: async () => Promise.reject(new Error('queue down')) };
    const tenant = await t.modules.tenant.company.requireByOrigin(ACME);
    await expect(createNewsletterService(t.database.db, broken).subscribe(tenant, 'retry@example.co.za', 'en')).rejects.toThrow(
      'queue down',
    );
    const res = await post(t.app, 'newsLetter/subscribeUser', { emailID: 'retry@example.co.za', websiteUrl: ACME }, {}, from());
    expect(res.http).toBe(200);
  });
});
