import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerCareMessages as texts } from '@mawingu/contracts/admin/customer-care';
import { adminCall } from '../../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../../test/queued-mails.ts';
import { authHeaders } from '../../../../../test/sign-in.ts';
import { auditLog } from '../../../../db/schema.ts';
import { ACME, openCustomersWorld, type CustomersWorld } from '../customers.test-helper.ts';

let w: CustomersWorld;
const C = () => `/companies/${w.acme.companyId}/customers/${w.amani.id}`;
const auditOf = (action: string) =>
  w.t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(w.amani.id))));

beforeAll(async () => {
  w = await openCustomersWorld();
});
afterAll(() => w.t.close());

describe('internal notes on a customer', () => {
  const NOTE = 'Called on 27 Nov: wants the invoice in the company name. Not to be shown to the customer.';

  it('keeps each note with its author and time, newest first; support may write them; audited', async () => {
    const first = await adminCall(w.t, w.admin, 'POST', `${C()}/notes`, { body: 'Prefers mail to phone.' });
    expect(first).toMatchObject({ http: 200, body: { message: texts.noteSaved } });
    const second = await adminCall(w.t, w.support, 'POST', `${C()}/notes`, { body: `  ${NOTE}  ` });
    expect(second.http).toBe(200);
    const list = await adminCall(w.t, w.admin, 'GET', `${C()}/notes`);
    expect(list.body.data.notes.map((n: { body: string; authorName: string }) => [n.body, n.authorName])).toEqual([
      [NOTE, 'Test support'],
      ['Prefers mail to phone.', 'Test admin'],
    ]);
    expect(new Date(list.body.data.notes[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await auditOf('customer.note')).toHaveLength(2);
  });

  it('refuses an empty or too long note, naming the field, and stores nothing', async () => {
    const empty = await adminCall(w.t, w.admin, 'POST', `${C()}/notes`, { body: '   ' });
    expect(empty).toMatchObject({ http: 400, body: { data: { fieldErrors: { body: texts.noteRequired } } } });
    const long = await adminCall(w.t, w.admin, 'POST', `${C()}/notes`, { body: 'x'.repeat(2001) });
    expect(long).toMatchObject({ http: 400, body: { data: { fieldErrors: { body: texts.noteTooLong } } } });
    expect((await adminCall(w.t, w.admin, 'GET', `${C()}/notes`)).body.data.notes).toHaveLength(2);
  });

  it("keeps another company's operator out: 404 for reading and writing", async () => {
    expect((await adminCall(w.t, w.zebraAdmin, 'GET', `/companies/${w.zebra.companyId}/customers/${w.amani.id}/notes`)).http).toBe(404);
    const write = await adminCall(w.t, w.zebraAdmin, 'POST', `/companies/${w.zebra.companyId}/customers/${w.amani.id}/notes`, {
      body: 'hi',
    });
    expect(write.http).toBe(404);
  });

  it('never shows a note to the customer', async () => {
    const headers = authHeaders(ACME, w.amaniSession);
    for (const url of ['/api/profileSetting/userProfileInfo', '/api/notification/getNotifications']) {
      const res = await w.t.app.inject({ method: 'GET', url, headers });
      expect(res.body).not.toContain('Called on 27 Nov');
    }
  });
});

describe('mail to the customer', () => {
  const MAIL = { subject: 'Your invoice in the company name', body: 'Hello Amani,\n\nWe have reissued it.\n\nKind regards' };

  it("sends the operator's words to the customer's address; audited with the subject only", async () => {
    const res = await adminCall(w.t, w.support, 'POST', `${C()}/mail`, MAIL);
    expect(res).toMatchObject({ http: 200, body: { message: texts.mailSent, data: { to: w.amani.email } } });
    const [mail] = (await queuedMails(w.t, w.amani.email)).filter((m) => m.subject === MAIL.subject);
    expect(mail).toMatchObject({ companyId: w.acme.companyId, text: MAIL.body });
    const [entry] = await auditOf('customer.mail');
    expect(entry!.after).toEqual({ to: w.amani.email, subject: MAIL.subject });
    expect(JSON.stringify(entry)).not.toContain('We have reissued it');
  });

  it('refuses a mail without subject or text, naming the field', async () => {
    const res = await adminCall(w.t, w.admin, 'POST', `${C()}/mail`, { subject: ' ', body: '' });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toEqual({ subject: texts.subjectRequired, body: texts.bodyRequired });
  });

  it('stops at 10 mails an hour to one customer, in plain words', async () => {
    for (let i = 1; i < 10; i++) expect((await adminCall(w.t, w.admin, 'POST', `${C()}/mail`, MAIL)).http).toBe(200);
    const capped = await adminCall(w.t, w.admin, 'POST', `${C()}/mail`, MAIL);
    expect(capped).toMatchObject({ http: 429, body: { message: texts.mailCapped } });
    expect(await auditOf('customer.mail')).toHaveLength(10);
  });

  it("cannot mail another company's customer", async () => {
    const res = await adminCall(w.t, w.zebraAdmin, 'POST', `/companies/${w.zebra.companyId}/customers/${w.amani.id}/mail`, MAIL);
    expect(res.http).toBe(404);
  });
});
