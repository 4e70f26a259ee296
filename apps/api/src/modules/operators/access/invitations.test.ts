import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessMessages } from '@mawingu/contracts/admin/access';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, operators, outboxMails } from '../../../db/schema.ts';
import { completeCompany, upsertCompany } from '../../../db/seed/factories.ts';
import { sendMailJob } from '../../platform/index.ts';
import { call } from './access.test-helper.ts';

describe('operators invited by e-mail', () => {
  let t: TestContext;
  let acme: number;
  let acmeAdmin: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  const PASSWORD = 'Chosen-by-me-2026';

  /** The link of the newest invitation mailed to `email`. */
  const mailedLink = (email: string, after = 0) =>
    until(async () => {
      const [mail] = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, email)).orderBy(desc(outboxMails.id)).limit(1);
      return mail && mail.id > after
        ? { id: mail.id, subject: mail.subject, link: mail.text.match(/https?:\/\/\S+\/admin\/invitation\/(\S+)/)! }
        : undefined;
    });

  beforeAll(async () => {
    t = await createTestApp();
    await t.queue.work([sendMailJob(t.mailTransport, { retryLimit: 1, retryDelay: 1 })], { pollingIntervalSeconds: 0.5 });
    acme = (await upsertCompany(t.database.db, completeCompany('invite-acme', 'Acme Invite'), ['https://invite-acme.example'])).id;
    const zebra = (await upsertCompany(t.database.db, completeCompany('invite-zebra', 'Zebra Invite'), ['https://invite-zebra.example']))
      .id;
    acmeAdmin = await signInOperator(t, 'admin', acme);
    zebraAdmin = await signInOperator(t, 'admin', zebra);
  });
  afterAll(() => t.close());

  it('invites an operator created without a password: a one-use link to the console they were invited from', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { ...acmeAdmin.headers, host: 'console.invite-acme.example' },
      payload: { email: 'Naledi@Invite-Acme.example', name: 'Naledi Dlamini', role: 'support' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json() as { message: string; data: { id: number; invitationPending: boolean } };
    expect(body.message).toBe(accessMessages.operatorInvited);
    expect(body.data.invitationPending).toBe(true);

    const mail = await mailedLink('naledi@invite-acme.example');
    expect(mail.subject).toBe('Your invitation to the operator console');
    expect(mail.link[0]).toMatch(/^http:\/\/console\.invite-acme\.example\/admin\/invitation\/[A-Za-z0-9_-]{43}$/);
    const token = mail.link[1]!;
    // Only the token's hash is stored; nobody can log in before the password is chosen.
    const [row] = await t.database.db.select().from(operators).where(eq(operators.id, body.data.id));
    expect(row!.invitationTokenHash).not.toContain(token);
    expect((await call(t, 'POST', '/auth/login', { email: 'naledi@invite-acme.example', password: PASSWORD })).http).toBe(401);

    const weak = await call(t, 'POST', '/auth/invitation', { token, password: 'short' });
    expect(weak.body.data.fieldErrors).toEqual({ password: accessMessages.passwordWeak });
    const accepted = await call(t, 'POST', '/auth/invitation', { token, password: PASSWORD });
    expect(accepted.http).toBe(200);
    expect(accepted.body.message).toBe(accessMessages.invitationAccepted);
    const login = await call(t, 'POST', '/auth/login', { email: 'naledi@invite-acme.example', password: PASSWORD });
    expect(login.http).toBe(200);
    expect(login.body.data.step).toBe('enrol');
    // Once only.
    const again = await call(t, 'POST', '/auth/invitation', { token, password: 'Another-pass-2026' });
    expect(again.http).toBe(400);
    expect(again.body.message).toBe(accessMessages.invitationInvalid);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'operator.invitation.accept'));
    expect(entry).toMatchObject({ operatorId: body.data.id, actorEmail: 'naledi@invite-acme.example', companyId: acme });
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
  });

  it('resends a new link (the old one dies); refuses a lapsed link, a chosen password and another company’s operator', async () => {
    const created = await adminCall(t, acmeAdmin, 'POST', '/operators', {
      email: 'sipho@invite-acme.example',
      name: 'Sipho',
      role: 'admin',
    });
    const first = await mailedLink('sipho@invite-acme.example');
    const resent = await adminCall(t, acmeAdmin, 'POST', `/operators/${created.body.data.id}/invitation`);
    expect(resent.http).toBe(200);
    expect(resent.body.message).toBe(accessMessages.invitationResent);
    const second = await mailedLink('sipho@invite-acme.example', first.id);
    expect(second.link[1]).not.toBe(first.link[1]);
    expect((await call(t, 'POST', '/auth/invitation', { token: first.link[1], password: PASSWORD })).http).toBe(400);
    expect((await adminCall(t, zebraAdmin, 'POST', `/operators/${created.body.data.id}/invitation`)).http).toBe(404);

    // 72 hours later the link has lapsed.
    await t.database.db
      .update(operators)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(operators.id, created.body.data.id));
    const lapsed = await call(t, 'POST', '/auth/invitation', { token: second.link[1], password: PASSWORD });
    expect(lapsed.body.message).toBe(accessMessages.invitationInvalid);

    // A password set by hand ends the invitation.
    const set = await adminCall(t, acmeAdmin, 'POST', `/operators/${created.body.data.id}/password`, { password: 'Handed-over-2026' });
    expect(set.body.data.invitationPending).toBe(false);
    const notPending = await adminCall(t, acmeAdmin, 'POST', `/operators/${created.body.data.id}/invitation`);
    expect(notPending.body.message).toBe(accessMessages.invitationNotPending);
  });
});
