import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import { fill, messages } from '@mawingu/contracts/messages';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { auditLog, notifications, vms } from '../../../db/schema.ts';
import { openVmWorld, type VmWorld } from '../../machines/vms/vm-actions.test-helper.ts';

let w: VmWorld;
let admin: SignedInOperator;
let support: SignedInOperator;
let zebraAdmin: SignedInOperator;

const C = () => `/companies/${w.acme}`;
const DAY = 86_400_000;

beforeAll(async () => {
  w = await openVmWorld();
  admin = await signInOperator(w.t, 'admin', w.acme);
  support = await signInOperator(w.t, 'support', w.acme);
  zebraAdmin = await signInOperator(w.t, 'admin', w.zebra);
});
afterAll(() => w?.t.close());

const rowOf = async (id: number) => (await w.db.select().from(vms).where(eq(vms.id, id)))[0]!;
const auditOf = (action: string, id: number) =>
  w.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(id))))
    .orderBy(desc(auditLog.id));
const noticesOf = async (customerId: number) =>
  (await w.db.select().from(notifications).where(eq(notifications.customerId, customerId))).map((n) => n.text);
const productsCard = async (id: number) => ((await w.list('virtualMachine/getUserVMs')).body.data as any[]).find((v) => v.ID === id);

describe('suspend and unsuspend a VM', () => {
  it('powers a running VM off through the shutdown job, blocks it with the reason the customer sees; audited, notified, mailed', async () => {
    const vm = await w.vm({ state: 'running' });
    const res = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/suspend`, { reason: 'Unpaid invoice 1042' });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({ message: texts.suspended, data: { blocked: true, blockedReason: 'Unpaid invoice 1042' } });

    // The customer's own job does the power-off: the machine stops and the VM is stopped.
    await until(async () => ((await rowOf(vm.id)).state === 'stopped' ? true : undefined));
    expect((await w.simulator.getVm(vm.externalId!))?.state).toBe('stopped');
    expect(await productsCard(vm.id)).toMatchObject({ isBlocked: 1, blockedReason: 'Unpaid invoice 1042', vmStatus: 'stopped' });
    const start = await w.call('vmAction/startVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId });
    expect(start.http).toBe(403);

    const [entry] = await auditOf('vm.suspend', vm.id);
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      companyId: w.acme,
      reason: 'Unpaid invoice 1042',
      after: { blocked: true, powerOff: true },
    });
    expect(await noticesOf(w.thandi.customerId)).toContain(
      fill(messages.vmSuspendedNotice, { name: vm.name, reason: 'Unpaid invoice 1042' }),
    );
    const mail = (await queuedMails(w.t, 'thandi@example.co.za')).find((m) => m.subject.includes(`${vm.name} has been suspended`));
    expect(mail?.text).toContain('The reason: Unpaid invoice 1042');

    const again = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/suspend`, { reason: 'again' });
    expect(again).toMatchObject({ http: 409, body: { message: texts.alreadySuspended } });

    const lifted = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/unsuspend`, {});
    expect(lifted).toMatchObject({ http: 200, body: { message: texts.unsuspended, data: { blocked: false, blockedReason: null } } });
    expect(await productsCard(vm.id)).toMatchObject({ isBlocked: 0, blockedReason: null });
    expect((await w.call('vmAction/startVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId })).http).toBe(200);
    expect(await auditOf('vm.unsuspend', vm.id)).toHaveLength(1);
    expect(await noticesOf(w.thandi.customerId)).toContain(fill(messages.vmUnsuspendedNotice, { name: vm.name }));
    expect((await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/unsuspend`, {})).body.message).toBe(texts.notSuspended);
  });

  it('wants a reason (400 on the field); refuses a VM busy with another action (409) and changes nothing', async () => {
    const vm = await w.vm({ state: 'running' });
    const bare = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/suspend`, { reason: '  ' });
    expect(bare.http).toBe(400);
    expect(bare.body.data.fieldErrors).toMatchObject({ reason: texts.reasonRequired });
    await w.db.update(vms).set({ pendingAction: 'resizing' }).where(eq(vms.id, vm.id));
    const busy = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/suspend`, { reason: 'Abuse' });
    expect(busy).toMatchObject({ http: 409, body: { message: texts.suspendBusy } });
    expect(await rowOf(vm.id)).toMatchObject({ blocked: false, blockedReason: null, pendingAction: 'resizing' });
    expect(await auditOf('vm.suspend', vm.id)).toHaveLength(0);
  });
});

describe('terminate a VM', () => {
  it('wants the name typed again, a machine that is off, then deletes it through the delete job; audited and notified', async () => {
    const vm = await w.vm({ state: 'running' });
    const wrong = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/terminate`, { confirm: 'something-else' });
    expect(wrong.http).toBe(400);
    expect(wrong.body.data.fieldErrors).toMatchObject({ confirm: texts.confirmMismatch });
    const running = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/terminate`, { confirm: vm.name });
    expect(running).toMatchObject({ http: 409, body: { message: texts.terminateRunning } });

    await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/suspend`, { reason: 'Closing the service' });
    await until(async () => ((await rowOf(vm.id)).state === 'stopped' ? true : undefined));
    const res = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/terminate`, { confirm: vm.name, reason: 'Asked by phone' });
    expect(res).toMatchObject({ http: 200, body: { message: texts.terminating } });
    await until(async () => ((await rowOf(vm.id)).state === 'deleted' ? true : undefined));
    expect((await w.simulator.getVm(vm.externalId!))?.state ?? 'deleted').toBe('deleted');
    expect(await productsCard(vm.id)).toBeUndefined();
    expect((await auditOf('vm.terminate', vm.id))[0]).toMatchObject({ reason: 'Asked by phone', before: { state: 'stopped' } });
    expect(await noticesOf(w.thandi.customerId)).toContain(fill(messages.vmTerminatedNotice, { name: vm.name }));
  });
});

describe('extend the end date', () => {
  it('moves the end date by the days, without an order; the customer sees the new date and why', async () => {
    const vm = await w.vm({ state: 'running', endInDays: 10 });
    const endAt = (await rowOf(vm.id)).endAt!;
    const res = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/extend`, { days: 7, reason: 'Outage on 3 November' });
    expect(res).toMatchObject({ http: 200, body: { message: texts.extended } });
    const moved = new Date(endAt.getTime() + 7 * DAY);
    expect((await rowOf(vm.id)).endAt!.toISOString()).toBe(moved.toISOString());
    expect((await productsCard(vm.id)).endDate).toBe(moved.toISOString());
    expect((await auditOf('vm.extend', vm.id))[0]).toMatchObject({
      reason: 'Outage on 3 November',
      before: { endAt: endAt.toISOString() },
      after: { endAt: moved.toISOString(), days: 7, charged: '0.00' },
    });
    const day = moved.toISOString().slice(0, 10);
    expect(await noticesOf(w.thandi.customerId)).toContain(
      fill(messages.vmExtendedNotice, { name: vm.name, days: '7', date: day, reason: 'Outage on 3 November' }),
    );
    expect((await queuedMails(w.t, 'thandi@example.co.za')).some((m) => m.text.includes(`7 days later, to ${day}, free of charge`))).toBe(
      true,
    );
  });

  it('brings an expired VM back stopped when its new end date is ahead; refuses days out of range and an archived VM', async () => {
    const vm = await w.vm({ state: 'expired', endInDays: -2 });
    expect((await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/extend`, { days: 5, reason: 'Goodwill' })).http).toBe(200);
    expect(await rowOf(vm.id)).toMatchObject({ state: 'stopped', expiredAt: null });
    const zero = await adminCall(w.t, admin, 'POST', `${C()}/vms/${vm.id}/extend`, { days: 0, reason: 'x' });
    expect(zero.http).toBe(400);
    expect(zero.body.data.fieldErrors).toMatchObject({ days: texts.daysInvalid });
    const archived = await w.vm({ state: 'archived', endInDays: -40 });
    const refused = await adminCall(w.t, admin, 'POST', `${C()}/vms/${archived.id}/extend`, { days: 5, reason: 'Goodwill' });
    expect(refused).toMatchObject({ http: 409, body: { message: texts.extendWrongState } });
  });
});

describe('who may', () => {
  it('support is refused (403) and another company’s admin gets 404 for every action; nothing changes', async () => {
    const vm = await w.vm({ state: 'running', endInDays: 5 });
    const actions = [
      ['suspend', { reason: 'x' }],
      ['unsuspend', {}],
      ['terminate', { confirm: vm.name }],
      ['extend', { days: 3, reason: 'x' }],
    ] as const;
    for (const [action, body] of actions) {
      expect((await adminCall(w.t, support, 'POST', `${C()}/vms/${vm.id}/${action}`, body)).http, action).toBe(403);
      // Zebra's admin naming Acme's company, then naming Zebra's company with Acme's VM.
      expect((await adminCall(w.t, zebraAdmin, 'POST', `${C()}/vms/${vm.id}/${action}`, body)).http, action).toBe(404);
      expect((await adminCall(w.t, zebraAdmin, 'POST', `/companies/${w.zebra}/vms/${vm.id}/${action}`, body)).http, action).toBe(404);
    }
    expect(await rowOf(vm.id)).toMatchObject({ state: 'running', blocked: false, endAt: vm.endAt, pendingAction: null });
    expect(
      await w.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(vm.id))),
    ).toHaveLength(0);
  });
});
