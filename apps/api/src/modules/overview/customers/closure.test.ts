import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerManageMessages as texts } from '@mawingu/contracts/admin/customers-manage';
import { messages } from '@mawingu/contracts/messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, orders, vms } from '../../../db/schema.ts';
import { ACME, openVmWorld, type VmWorld } from '../../machines/vms/vm-actions.test-helper.ts';
import { call as accountCall } from '../../identity/auth/auth.test-helper.ts';

let w: VmWorld;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;

const THANDI = 'thandi@example.co.za';
const C = () => `/companies/${w.acme}/customers/${w.thandi.customerId}`;
const login = () => accountCall(w.t, 'login', { emailID: THANDI, password: 'Secret@123', websiteUrl: ACME });
const auditOf = (action: string) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(w.thandi.customerId))))
    .orderBy(desc(auditLog.id));
const vmRow = async (id: number) => (await w.db.select().from(vms).where(eq(vms.id, id)))[0]!;

beforeAll(async () => {
  w = await openVmWorld();
  admin = await signInOperator(w.t, 'admin', w.acme);
  support = await signInOperator(w.t, 'support', w.acme);
  zebraAdmin = await signInOperator(w.t, 'admin', w.zebra);
});
afterAll(() => w?.t.close());

describe("close a customer's account", () => {
  const REASON = 'Customer asked by ticket #88';

  it('support 403, another company 404; the e-mail must be typed exactly and a reason given (400 on the field)', async () => {
    const body = { confirm: THANDI, reason: REASON };
    expect((await adminCall(w.t, support, 'POST', `${C()}/close`, body)).http).toBe(403);
    expect((await adminCall(w.t, zebraAdmin, 'POST', `/companies/${w.zebra}/customers/${w.thandi.customerId}/close`, body)).http).toBe(404);
    const wrong = await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: 'sipho@example.co.za', reason: REASON });
    expect(wrong).toMatchObject({ http: 400, body: { data: { fieldErrors: { confirm: texts.closeConfirmMismatch } } } });
    const bare = await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: THANDI });
    expect(bare).toMatchObject({ http: 400, body: { data: { fieldErrors: { reason: texts.closeReasonRequired } } } });
    expect((await login()).http).toBe(200);
    expect(await auditOf('customer.close')).toHaveLength(0);
  });

  it('is refused while an order is unpaid or paid and not delivered, naming them', async () => {
    const unpaid = await w.order(w.thandi, 3, false);
    const res = await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: THANDI, reason: REASON });
    expect(res).toMatchObject({ http: 409, body: { message: texts.closeOpenOrders([unpaid.id]) } });
    expect(res.body.message).toContain(`#${unpaid.id}`);
    await w.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, unpaid.id));
    expect((await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: THANDI, reason: REASON })).http).toBe(409);
    await w.db.update(orders).set({ status: 'fulfilled' }).where(eq(orders.id, unpaid.id));
    expect(await auditOf('customer.close')).toHaveLength(0);
  });

  it('closed: login refused with its own message, sessions end, VMs stopped and blocked; audited and mailed', async () => {
    const running = await w.vm({ state: 'running' });
    const stopped = await w.vm({ state: 'stopped' });
    const other = await w.vm({ state: 'running' }, w.sipho);

    const res = await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: ' Thandi@Example.co.za ', reason: REASON });
    expect(res).toMatchObject({ http: 200, body: { message: texts.closed, data: { stoppingVms: [running.name] } } });
    expect(res.body.data.profile).toMatchObject({ closedReason: REASON });
    expect(res.body.data.profile.closedAt).not.toBeNull();

    expect((await w.list('virtualMachine/getUserVMs')).http).toBe(401);
    expect(await login()).toMatchObject({ http: 403, body: { message: messages.accountClosed } });
    // The wrong password still gets the usual answer: the closure tells a stranger nothing.
    const stranger = await accountCall(w.t, 'login', { emailID: THANDI, password: 'Wrong@123', websiteUrl: ACME });
    expect(stranger.body.message).toBe(messages.invalidCredentials);

    await until(async () => ((await vmRow(running.id)).state === 'stopped' ? true : undefined));
    expect(await vmRow(running.id)).toMatchObject({ blocked: true });
    expect(await vmRow(stopped.id)).toMatchObject({ blocked: true, state: 'stopped' });
    expect(await vmRow(other.id)).toMatchObject({ blocked: false, state: 'running' });

    const [entry] = await auditOf('customer.close');
    expect(entry).toMatchObject({ operatorId: admin.operatorId, reason: REASON, after: { closed: true, vmsPoweredOff: [running.id] } });
    expect((entry!.after as { vmsBlocked: number[] }).vmsBlocked.sort()).toEqual([running.id, stopped.id].sort());
    const mail = (await queuedMails(w.t, THANDI)).find((m) => m.subject === 'Your account is closed');
    expect(mail?.text).toContain('You can no longer log in');
    // Her own "Forgot password" says what it always says, and mails nothing: a new password would open nothing.
    const before = (await queuedMails(w.t, THANDI)).length;
    expect((await accountCall(w.t, 'forgotPassword', { emailID: THANDI, websiteUrl: ACME })).http).toBe(200);
    expect(await queuedMails(w.t, THANDI)).toHaveLength(before);
  });

  it('a closed account: a second close, a suspension, a password link, a mail and a profile edit are refused (409)', async () => {
    expect((await adminCall(w.t, admin, 'POST', `${C()}/close`, { confirm: THANDI, reason: REASON })).body).toMatchObject({
      message: texts.alreadyClosed,
    });
    const refusals = [
      await adminCall(w.t, admin, 'POST', `${C()}/suspend`, { reason: 'x' }),
      await adminCall(w.t, admin, 'POST', `${C()}/password-link`),
      await adminCall(w.t, admin, 'POST', `${C()}/verification`),
      await adminCall(w.t, support, 'POST', `${C()}/mail`, { subject: 'Hi', body: 'There' }),
      await adminCall(w.t, admin, 'PUT', `${C()}/profile`, {
        firstName: 'Thandi',
        lastName: 'Nkosi',
        email: THANDI,
        countryCode: '+27',
        contactNo: '821234567',
        region: 'South Africa',
        companyName: '',
        address: '12 Long Street',
        city: 'Cape Town',
        state: 'Western Cape',
        postCode: '8001',
        vatNumber: '',
      }),
    ];
    for (const r of refusals) expect(r).toMatchObject({ http: 409, body: { message: texts.accountClosed } });
    expect((await adminCall(w.t, support, 'GET', C())).body.data.profile).toMatchObject({ closedReason: REASON });
  });
});
