import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import { messages } from '@mawingu/contracts/messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, vms } from '../../../db/schema.ts';
import { ACME, openVmWorld, type VmWorld } from '../../machines/vms/vm-actions.test-helper.ts';
import { codeMailedTo, call as accountCall, resetTokenMailedTo } from '../../identity/auth/auth.test-helper.ts';

let w: VmWorld;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;

const THANDI = 'thandi@example.co.za';
const login = () => accountCall(w.t, 'login', { emailID: THANDI, password: 'Secret@123', websiteUrl: ACME });
const C = () => `/companies/${w.acme}/customers/${w.thandi.customerId}`;
const auditOf = (action: string) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(w.thandi.customerId))))
    .orderBy(desc(auditLog.id));

beforeAll(async () => {
  w = await openVmWorld();
  admin = await signInOperator(w.t, 'admin', w.acme);
  support = await signInOperator(w.t, 'support', w.acme);
  zebraAdmin = await signInOperator(w.t, 'admin', w.zebra);
});
afterAll(() => w?.t.close());

describe("suspend and reactivate a customer's account", () => {
  it('support is refused (403), another company’s admin gets 404, a reason is wanted (400); nothing changes', async () => {
    expect((await adminCall(w.t, support, 'POST', `${C()}/suspend`, { reason: 'x' })).http).toBe(403);
    expect((await adminCall(w.t, zebraAdmin, 'POST', `${C()}/suspend`, { reason: 'x' })).http).toBe(404);
    const viaOwnCompany = `/companies/${w.zebra}/customers/${w.thandi.customerId}/suspend`;
    expect((await adminCall(w.t, zebraAdmin, 'POST', viaOwnCompany, { reason: 'x' })).http).toBe(404);
    const bare = await adminCall(w.t, admin, 'POST', `${C()}/suspend`, {});
    expect(bare.http).toBe(400);
    expect(bare.body.data.fieldErrors).toMatchObject({ reason: texts.reasonRequired });
    expect((await w.list('virtualMachine/getUserVMs')).http).toBe(200);
    expect(await auditOf('customer.suspend')).toHaveLength(0);
  });

  it('suspended: the session stops working, the login is refused with a clear message, running VMs are powered off; audited and mailed', async () => {
    const running = await w.vm({ state: 'running' });
    const stopped = await w.vm({ state: 'stopped' });
    const other = await w.vm({ state: 'running' }, w.sipho); // another customer's VM is left alone
    // A code asked for before the suspension opens nothing after it.
    const before = await login();
    expect(before.http).toBe(200);
    const code = await codeMailedTo(w.t, THANDI);

    const res = await adminCall(w.t, admin, 'POST', `${C()}/suspend`, { reason: 'Chargeback on invoice 1042' });
    expect(res.http).toBe(200);
    expect(res.body.message).toBe(texts.customerSuspended);
    expect(res.body.data).toMatchObject({ stoppingVms: [running.name], busyVms: [] });
    expect(res.body.data.profile).toMatchObject({ suspendedReason: 'Chargeback on invoice 1042' });
    expect(res.body.data.profile.suspendedAt).not.toBeNull();

    expect((await w.list('virtualMachine/getUserVMs')).http).toBe(401);
    const refused = await login();
    expect(refused).toMatchObject({ http: 403, body: { message: messages.accountSuspended } });
    // The wrong password still gets the usual answer: the suspension tells a stranger nothing.
    const stranger = await accountCall(w.t, 'login', { emailID: THANDI, password: 'Wrong@123', websiteUrl: ACME });
    expect(stranger.body.message).toBe(messages.invalidCredentials);
    const late = await accountCall(w.t, 'twoFactorAuth', { emailID: THANDI, ID: before.body.data.ID, OTP: code, websiteUrl: ACME });
    expect(late).toMatchObject({ http: 403, body: { message: messages.accountSuspended } });

    await until(async () => ((await w.db.select().from(vms).where(eq(vms.id, running.id)))[0]!.state === 'stopped' ? true : undefined));
    expect((await w.simulator.getVm(running.externalId!))?.state).toBe('stopped');
    expect((await w.db.select().from(vms).where(eq(vms.id, stopped.id)))[0]!.pendingAction).toBeNull();
    expect((await w.db.select().from(vms).where(eq(vms.id, other.id)))[0]).toMatchObject({ state: 'running', pendingAction: null });

    expect((await auditOf('customer.suspend'))[0]).toMatchObject({
      operatorId: admin.operatorId,
      companyId: w.acme,
      reason: 'Chargeback on invoice 1042',
      after: { suspended: true, vmsPoweredOff: [running.id] },
    });
    const mail = (await queuedMails(w.t, THANDI)).find((m) => m.subject === 'Your account has been suspended');
    expect(mail?.text).toContain('The reason: Chargeback on invoice 1042');
    expect((await adminCall(w.t, admin, 'POST', `${C()}/suspend`, { reason: 'again' })).body.message).toBe(texts.customerAlreadySuspended);

    const detail = await adminCall(w.t, support, 'GET', C());
    expect(detail.body.data.profile).toMatchObject({ suspendedReason: 'Chargeback on invoice 1042' });
  });

  it('reactivated: the customer logs in again; audited and mailed; a second click is a 409', async () => {
    const res = await adminCall(w.t, admin, 'POST', `${C()}/reactivate`, {});
    expect(res).toMatchObject({ http: 200, body: { message: texts.customerReactivated, data: { profile: { suspendedAt: null } } } });
    expect((await login()).http).toBe(200);
    expect(await auditOf('customer.reactivate')).toHaveLength(1);
    expect((await queuedMails(w.t, THANDI)).some((m) => m.subject === 'Your account is active again')).toBe(true);
    expect((await adminCall(w.t, admin, 'POST', `${C()}/reactivate`, {})).body.message).toBe(texts.customerNotSuspended);
  });
});

describe('send a password link', () => {
  it('mails the customer’s own reset link, which sets a new password; audited; support 403, another company 404', async () => {
    expect((await adminCall(w.t, support, 'POST', `${C()}/password-link`)).http).toBe(403);
    expect((await adminCall(w.t, zebraAdmin, 'POST', `/companies/${w.zebra}/customers/${w.thandi.customerId}/password-link`)).http).toBe(
      404,
    );
    const res = await adminCall(w.t, admin, 'POST', `${C()}/password-link`);
    expect(res).toMatchObject({ http: 200, body: { message: texts.passwordLinkSent, data: { sent: true } } });
    const token = await resetTokenMailedTo(w.t, THANDI, ACME);
    const set = await accountCall(w.t, 'updatePassword', {
      queryStringValue: token,
      password: 'Newer@2026',
      confirmPassword: 'Newer@2026',
      websiteUrl: ACME,
    });
    expect(set.http).toBe(200);
    const withNew = await accountCall(w.t, 'login', { emailID: THANDI, password: 'Newer@2026', websiteUrl: ACME });
    expect(withNew.http).toBe(200);
    expect((await auditOf('customer.password-link'))[0]).toMatchObject({ operatorId: admin.operatorId, after: { email: THANDI } });
  });

  it('says so, and audits nothing more, when the customer’s cap of 3 links an hour is reached', async () => {
    // One link above; two more reach the cap; the fourth is refused in plain words.
    for (let i = 0; i < 2; i++) expect((await adminCall(w.t, admin, 'POST', `${C()}/password-link`)).http).toBe(200);
    const capped = await adminCall(w.t, admin, 'POST', `${C()}/password-link`);
    expect(capped).toMatchObject({ http: 429, body: { message: texts.passwordLinkCapped } });
    expect(await auditOf('customer.password-link')).toHaveLength(3);
  });
});
