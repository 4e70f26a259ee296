import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import type { MailService } from '../../platform/mail/service.ts';
import { createContactService } from './service.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';

const ACME = 'https://acme-contact.example';

describe('write to us', () => {
  let t: TestContext;
  let acmeId: number;
  let client = 0;
  const from = () => `203.0.113.${++client}`;

  beforeAll(async () => {
    t = await createTestApp();
    acmeId = (
      await upsertCompany(t.database.db, { ...completeCompany('acme-contact', 'Acme Cloud'), email: 'support@acme.example' }, [ACME])
    ).id;
  });
  afterAll(() => t.close());

  it('keeps the trimmed message, forwards it to the company and acknowledges it to the sender', async () => {
    const res = await post(
      t.app,
      'writeToUs',
      { emailID: ' thandi@example.co.za ', content: '  My VM will not boot.  ', websiteUrl: ACME },
      {},
      from(),
    );
    expect(res.http).toBe(200);
    expect(res.body).toEqual({ status: 200, message: 'Thank you. Please check your email', data: null });

    const rows = await t.database.db.select().from(contactMessages).where(eq(contactMessages.companyId, acmeId));
    expect(rows.map((r) => [r.email, r.content])).toEqual([['thandi@example.co.za', 'My VM will not boot.']]);

    const [toCompany] = await queuedMails(t, 'support@acme.example');
    expect(toCompany).toMatchObject({ companyId: acmeId, replyTo: 'thandi@example.co.za' });
    expect(toCompany!.text).toContain('My VM will not boot.');
    const [ack] = await queuedMails(t, 'thandi@example.co.za');
    expect(ack!.subject).toBe('Acme Cloud received your message');
    // The acknowledgement never carries the typed text: the form must not relay content to others.
    expect(ack!.text).not.toContain('My VM will not boot.');
  });

  it('refuses missing or invalid fields with the spec’s messages, storing and sending nothing', async () => {
    const before = (await queuedMails(t)).length;
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ content: 'Hello' }, { emailID: 'Email required' }],
      [{ emailID: '  ', content: 'Hello' }, { emailID: 'Email required' }],
      [{ emailID: 'nope', content: 'Hello' }, { emailID: 'Enter correct email' }],
      [{ emailID: 'a@example.com', content: '   ' }, { content: 'Description required' }],
      [{ emailID: 'a@example.com' }, { content: 'Description required' }],
      [{ emailID: 'a@example.com', content: 'x'.repeat(5001) }, { content: 'Message is too long' }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await post(t.app, 'writeToUs', { ...body, websiteUrl: ACME }, {}, from());
      expect(res.http).toBe(400);
      expect(res.body.data.fieldErrors).toEqual(fieldErrors);
      expect(res.body.message).toBe(Object.values(fieldErrors)[0]);
    }
    expect(await queuedMails(t)).toHaveLength(before);
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(1);
  });

  it('answers an unknown site with "Company not registered yet"', async () => {
    const res = await post(
      t.app,
      'writeToUs',
      { emailID: 'a@example.com', content: 'Hi', websiteUrl: 'https://stranger.example' },
      {},
      from(),
    );
    expect(res.http).toBe(404);
    expect(res.body.message).toBe('Company not registered yet');
  });

  it('limits how many messages one client can send per minute', async () => {
    const address = '198.51.100.9';
    const statuses = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post(t.app, 'writeToUs', { emailID: 'bad', content: '', websiteUrl: ACME }, {}, address)).http);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('keeps nothing when the mail to the company cannot be queued, so "Thank you" never lies', async () => {
    const broken: MailService = { enqueue: async () => Promise.reject(new Error('queue down')) };
    const tenant = await t.modules.tenant.company.requireByOrigin(ACME);
    const before = (await t.database.db.select().from(contactMessages)).length;
    await expect(
      createContactService(t.database.db, broken).writeToUs(tenant, { emailID: 'a@example.com', content: 'Hi' }, 'en'),
    ).rejects.toThrow('queue down');
    expect(await t.database.db.select().from(contactMessages)).toHaveLength(before);
  });
});
