import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { getArchivedVMsResponse, getRenewalsResponse, getUserBackupsResponse } from '@mawingu/contracts/vm-actions';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { until } from '../../../../test/until.ts';
import { orders, orderVms, paymentAttempts, publicIps, simulatorBackups, simulatorVms, vmBackups, vms } from '../../../db/schema.ts';
import { createConsoleTokens } from './console-token.ts';
import { openVmWorld, type VmWorld } from './vm-actions.test-helper.ts';

let w: VmWorld;
beforeAll(async () => {
  w = await openVmWorld();
});
afterAll(() => w.t.close());

const rowOf = async (id: number) => (await w.db.select().from(vms).where(eq(vms.id, id)))[0]!;
const machineOf = async (externalId: string) => (await w.db.select().from(simulatorVms).where(eq(simulatorVms.id, externalId)))[0]!;
const backupOf = async (id: number) => (await w.db.select().from(vmBackups).where(eq(vmBackups.id, id)))[0]!;
const productsOf = async (who = w.thandi) => getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs', who)).body).data;
/** Waits for the job to clear the VM's pendingAction, then gives the row. */
const settled = (id: number) =>
  until(async () => {
    const row = await rowOf(id);
    return row.pendingAction === null ? row : undefined;
  });

describe('lists of the account page', () => {
  it('Products shows the real public IP, clone, renewed and pending flags; archived and deleted VMs are not on it', async () => {
    const { sipho } = w;
    const plain = await w.vm({}, sipho);
    const withIp = await w.vm({}, sipho);
    const pendingIp = await w.vm({}, sipho);
    const cloned = await w.vm({}, sipho);
    const renewed = await w.vm({}, sipho);
    const archived = await w.vm({ state: 'archived', endInDays: -10 }, sipho);
    await w.db.insert(publicIps).values([
      {
        companyId: w.acme,
        vmId: withIp.id,
        lanIp: '10.0.0.5',
        hostName: 'web',
        tcpPorts: ['443'],
        udpPorts: [],
        publicIp: '198.51.100.7',
        state: 'active',
      },
      { companyId: w.acme, vmId: pendingIp.id, lanIp: '10.0.0.6', hostName: 'db', tcpPorts: ['5432'], udpPorts: [], state: 'pending' },
    ]);
    await w.backup(cloned, 'snapshot', sipho);
    await w.db
      .update(vms)
      .set({ renewedFrom: sql`now() + interval '5 days'`, pendingAction: 'stopping' })
      .where(eq(vms.id, renewed.id));

    const list = await productsOf(sipho);
    const byId = new Map(list.map((vm) => [vm.ID, vm]));
    expect(byId.has(archived.id)).toBe(false);
    expect(byId.get(plain.id)).toMatchObject({ ciscoMerakiIP: null, publicIpState: null, isClone: 0, isRenewed: 0, pendingAction: null });
    expect(byId.get(withIp.id)).toMatchObject({ ciscoMerakiIP: '198.51.100.7', publicIpState: 'active' });
    // Not yet forwarded: no address shown, but the state says it is under way.
    expect(byId.get(pendingIp.id)).toMatchObject({ ciscoMerakiIP: null, publicIpState: 'pending' });
    expect(byId.get(cloned.id)).toMatchObject({ isClone: 1 });
    expect(byId.get(renewed.id)).toMatchObject({ isRenewed: 1, pendingAction: 'stopping' });
  });

  it('Backup, Archived and Renewals tabs list the customer’s own, in the spec’s fields; the maintenance flag is the company’s', async () => {
    const who = await (async () => {
      const { createCustomer } = await import('../../../db/seed/factories.ts');
      const { signIn } = await import('../../../../test/sign-in.ts');
      const id = (await createCustomer(w.db, w.acme, { email: 'lists@example.co.za' })).id;
      return { ...(await signIn(w.t, w.acme, id)), site: w.thandi.site };
    })();
    const vm = await w.vm({ name: 'lists-vm' }, who);
    const clone = await w.backup(vm, 'clone', who);
    const snapshot = await w.backup(vm, 'snapshot', who);
    const gone = await w.backup(vm, 'snapshot', who);
    await w.db.update(vmBackups).set({ state: 'deleted' }).where(eq(vmBackups.id, gone.id));
    const archived = await w.vm({ name: 'old-vm', state: 'archived', endInDays: -10 }, who);
    const paid = await w.order(who, 3);
    const unpaid = await w.order(who, 3, false);
    for (const o of [paid, unpaid]) {
      await w.db.insert(orderVms).values({
        orderId: o.id,
        vmId: vm.id,
        companyId: w.acme,
        price: '100.00',
        tax: '15.00',
        arrears: '3.50',
        total: '118.50',
        daysAdded: 30,
      });
    }

    const backups = getUserBackupsResponse.parse((await w.list('virtualMachine/getUserBackups', who)).body).data;
    expect(backups.map((b) => b.ID)).toEqual([snapshot.id, clone.id]);
    expect(backups[1]).toMatchObject({
      vmName: 'lists-vm',
      cloneParentID: vm.id,
      isCloneOrSnapshot: 'Clone',
      cloneCPU_Count: 2,
      cloneRAM_Count: 4,
      cloneDisk_Count: 50,
      cloneDuration: 2,
      cloneType: 'daily',
      cloneUUID: clone.externalId,
      serviceCategory: 'simulator',
      isRestoredVM: 0,
      backupStatus: 'ready',
    });
    expect(backups[0]).toMatchObject({ isCloneOrSnapshot: 'Snapshot', cloneDuration: null, cloneType: null });

    const archivedList = getArchivedVMsResponse.parse((await w.list('virtualMachine/getArchivedVMs', who)).body).data;
    expect(archivedList).toEqual([
      expect.objectContaining({
        ID: archived.id,
        vmName: 'old-vm',
        operatingSystem: 'Ubuntu 24.04',
        cpu_Count: 2,
        ram_Count: 4,
        disk_Count: 50,
        createdUUID: archived.externalId,
        isBlocked: 0,
      }),
    ]);
    expect(archivedList[0]!.archivedDate).not.toBeNull();

    const renewals = getRenewalsResponse.parse((await w.list('virtualMachine/getRenewals', who)).body).data;
    expect(renewals).toEqual([
      expect.objectContaining({
        orderID: paid.id,
        vmID: vm.id,
        vmName: 'lists-vm',
        daysAdded: 30,
        currencyCode: 'ZAR',
        amount: '118.50',
        newEndDate: vm.endAt!.toISOString(),
        charged: null,
      }),
    ]);

    // Another customer sees none of it.
    expect((await w.list('virtualMachine/getUserBackups', w.sipho)).body.data.map((b: { ID: number }) => b.ID)).not.toContain(clone.id);
    expect((await w.list('virtualMachine/getRenewals', w.sipho)).body.data).toEqual([]);

    expect((await w.list('allowIP/getMaintenanceFlag')).body.data).toEqual({ runMerakiScript: 0 });
  });
});

describe('Renewals: a renewal paid in another currency', () => {
  it('shows what PayPal charged in USD and the rate, split between the VMs of a multi-renewal; failed attempts do not count', async () => {
    const who = w.thandi;
    const one = await w.vm({ name: 'usd-one' }, who);
    const two = await w.vm({ name: 'usd-two' }, who);
    const single = await w.order(who, 3);
    const multi = await w.order(who, 5);
    await w.db.update(orders).set({ total: '558.37' }).where(eq(orders.id, single.id));
    await w.db.update(orders).set({ total: '300.00' }).where(eq(orders.id, multi.id));
    const share = (orderId: number, vmId: number, total: string) =>
      w.db.insert(orderVms).values({ orderId, vmId, companyId: w.acme, price: total, tax: '0.00', arrears: '0.00', total, daysAdded: 30 });
    await share(single.id, one.id, '558.37');
    await share(multi.id, one.id, '100.00');
    await share(multi.id, two.id, '200.00');
    const attempt = (orderId: number, status: 'paid' | 'failed', amount: string, exchangeRate: string) =>
      w.db.insert(paymentAttempts).values({
        companyId: w.acme,
        orderId,
        gateway: 'paypal',
        reference: `usd-${randomUUID()}`,
        amount,
        currency: 'USD',
        exchangeRate,
        status,
      });
    await attempt(single.id, 'failed', '99.99', '0.179');
    await attempt(single.id, 'paid', '35.18', '0.063');
    await attempt(multi.id, 'paid', '18.90', '0.063');

    const rows = getRenewalsResponse.parse((await w.list('virtualMachine/getRenewals', who)).body).data;
    const chargedOf = (orderId: number, vmId: number) => rows.find((r) => r.orderID === orderId && r.vmID === vmId)?.charged;
    expect(chargedOf(single.id, one.id)).toEqual({ currencyCode: 'USD', amount: '35.18', rate: '0.063' });
    // A third and two thirds of USD 18.90.
    expect(chargedOf(multi.id, one.id)).toEqual({ currencyCode: 'USD', amount: '6.30', rate: '0.063' });
    expect(chargedOf(multi.id, two.id)).toEqual({ currencyCode: 'USD', amount: '12.60', rate: '0.063' });
  });
});

describe('power and delete', () => {
  it('refuses to delete a running VM with the spec’s text; shut down → job → delete → job → gone from the list', async () => {
    const vm = await w.vm({ name: 'doomed' });
    const refused = await w.call('vmAction/deleteVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId });
    expect(refused.http).toBe(400);
    expect(refused.body.message).toBe('Virtual machine must be shut off to perform this operation.');

    const shut = await w.call('vmAction/shutdownVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId });
    expect(shut.http).toBe(200);
    expect(shut.body).toMatchObject({ message: messages.vmStopping, data: { ID: vm.id, pendingAction: 'stopping' } });
    // The list shows the action until the job has run (on a busy machine the worker can be first).
    const listed = (await productsOf()).find((v) => v.ID === vm.id);
    if (listed?.pendingAction === null) expect((await rowOf(vm.id)).state).toBe('stopped');
    else expect(listed).toMatchObject({ pendingAction: 'stopping' });
    expect(await settled(vm.id)).toMatchObject({ state: 'stopped', lastError: null });
    expect((await machineOf(vm.externalId!)).state).toBe('stopped');

    const del = await w.call('vmAction/deleteVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId });
    expect(del.http).toBe(200);
    expect(del.body).toMatchObject({ message: messages.vmDeleting, data: { pendingAction: 'deleting' } });
    const deleted = await settled(vm.id);
    expect(deleted.state).toBe('deleted');
    expect(deleted.deletedAt).not.toBeNull();
    expect((await machineOf(vm.externalId!)).state).toBe('deleted');
    expect((await productsOf()).map((v) => v.ID)).not.toContain(vm.id);
    // Gone means gone: any further call is a 404.
    expect((await w.call('vmAction/startVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId })).http).toBe(404);
  });

  it('starts a shut-off VM; refuses start when running or expired, shutdown when off, and a second action while one is queued', async () => {
    const vm = await w.vm({ state: 'stopped' });
    const body = { provider: 'simulator', virDomainUUID: vm.externalId };
    const started = await w.call('vmAction/startVirtualMachine', body);
    expect(started.body).toMatchObject({ status: 200, message: messages.vmStarting, data: { pendingAction: 'starting' } });
    expect(await settled(vm.id)).toMatchObject({ state: 'running' });
    expect((await machineOf(vm.externalId!)).state).toBe('running');

    // While a job holds a VM, nothing else is accepted.
    const held = await w.vm();
    await w.db.update(vms).set({ pendingAction: 'stopping' }).where(eq(vms.id, held.id));
    expect((await w.call('vmAction/shutdownVirtualMachine', { virDomainUUID: held.externalId })).body).toMatchObject({
      status: 409,
      message: messages.vmBusy,
    });

    const running = await w.vm();
    expect((await w.call('vmAction/startVirtualMachine', { virDomainUUID: running.externalId })).body).toMatchObject({
      status: 409,
      message: messages.vmAlreadyRunning,
    });
    const off = await w.vm({ state: 'stopped' });
    expect((await w.call('vmAction/shutdownVirtualMachine', { virDomainUUID: off.externalId })).body).toMatchObject({
      status: 409,
      message: messages.vmAlreadyStopped,
    });
    const expired = await w.vm({ state: 'expired', endInDays: -2 });
    expect((await w.call('vmAction/startVirtualMachine', { virDomainUUID: expired.externalId })).body).toMatchObject({
      status: 409,
      message: messages.vmCannotStart,
    });
    // An expired VM is off: it may be deleted.
    expect((await w.call('vmAction/deleteVirtualMachine', { virDomainUUID: expired.externalId })).http).toBe(200);
    expect((await settled(expired.id)).state).toBe('deleted');
    expect((await w.call('vmAction/startVirtualMachine', {})).body).toMatchObject({
      status: 400,
      data: { fieldErrors: { virDomainUUID: 'virDomainUUID is required' } },
    });
  });

  it('removes a VM whose provisioning failed (no machine) from Products', async () => {
    const vm = await w.vm();
    // Accepted by the hypervisor, then failed to build: the machine is gone there.
    const [row] = await w.db
      .update(vms)
      .set({ state: 'failed', externalId: 'sim-never-made', lastError: 'no capacity' })
      .where(eq(vms.id, vm.id))
      .returning();
    expect((await w.call('vmAction/deleteVirtualMachine', { virDomainUUID: row!.externalId })).http).toBe(200);
    expect((await settled(vm.id)).state).toBe('deleted');
    expect((await productsOf()).map((v) => v.ID)).not.toContain(vm.id);
  });

  it('lets only one of two simultaneous requests claim the VM (one job)', async () => {
    const vm = await w.vm();
    const body = { provider: 'simulator', virDomainUUID: vm.externalId };
    const replies = await Promise.all([w.call('vmAction/shutdownVirtualMachine', body), w.call('vmAction/shutdownVirtualMachine', body)]);
    expect(replies.map((r) => r.http).sort()).toEqual([200, 409]);
    expect((await settled(vm.id)).state).toBe('stopped');
  });
});

describe('jobs and the hypervisor’s failures', () => {
  /** A VM claimed for `pendingAction` without a queued job, so the test runs the handler itself. */
  async function claimed(state: 'running' | 'stopped', pendingAction: string) {
    const vm = await w.vm({ state });
    await w.db.update(vms).set({ pendingAction }).where(eq(vms.id, vm.id));
    return vm;
  }

  it('a retryable failure is thrown for a retry (claim kept); a lasting one records lastError, clears the claim, keeps the real state', async () => {
    const vm = await claimed('stopped', 'starting');
    w.simulator.failNext('startVm', 1, 'unavailable');
    await expect(w.actions.runVmAction({ vmId: vm.id, action: 'start' }, false)).rejects.toThrow();
    expect(await rowOf(vm.id)).toMatchObject({ pendingAction: 'starting', state: 'stopped' });
    expect((await rowOf(vm.id)).lastError).toMatch(/simulated|fail/i);
    await w.actions.runVmAction({ vmId: vm.id, action: 'start' }, false);
    expect(await rowOf(vm.id)).toMatchObject({ pendingAction: null, state: 'running', lastError: null });

    const other = await claimed('running', 'stopping');
    w.simulator.failNext('shutdownVm', 1, 'auth');
    await w.actions.runVmAction({ vmId: other.id, action: 'shutdown' }, false);
    const row = await rowOf(other.id);
    expect(row).toMatchObject({ pendingAction: null, state: 'running' });
    expect(row.lastError).not.toBeNull();

    // The last attempt of a retryable failure gives up the same way.
    const last = await claimed('stopped', 'starting');
    w.simulator.failNext('startVm', 1, 'unavailable');
    await w.actions.runVmAction({ vmId: last.id, action: 'start' }, true);
    expect(await rowOf(last.id)).toMatchObject({ pendingAction: null, state: 'stopped' });
  });

  it('a delete the hypervisor refuses as wrong-state re-reads the machine: the VM stays, running, nothing lost', async () => {
    const vm = await claimed('stopped', 'deleting');
    // Started behind the portal's back (from the guest or by an operator).
    await w.db.update(simulatorVms).set({ state: 'running' }).where(eq(simulatorVms.id, vm.externalId!));
    await w.actions.runVmAction({ vmId: vm.id, action: 'delete' }, false);
    const row = await rowOf(vm.id);
    expect(row).toMatchObject({ state: 'running', pendingAction: null, deletedAt: null });
    expect(row.lastError).not.toBeNull();
    expect((await machineOf(vm.externalId!)).state).toBe('running');
    expect((await productsOf()).map((v) => v.ID)).toContain(vm.id);
  });

  it('a VM that expired while its shutdown was queued stays expired', async () => {
    const vm = await claimed('running', 'stopping');
    await w.db
      .update(vms)
      .set({ state: 'expired', endAt: sql`now() - interval '1 hour'` })
      .where(eq(vms.id, vm.id));
    await w.actions.runVmAction({ vmId: vm.id, action: 'shutdown' }, false);
    expect(await rowOf(vm.id)).toMatchObject({ state: 'expired', pendingAction: null });
    expect((await machineOf(vm.externalId!)).state).toBe('stopped');
  });

  it('a start that ends after the expiry pass archived the VM leaves it archived, claim released', async () => {
    const vm = await claimed('stopped', 'starting');
    await w.db
      .update(vms)
      .set({ state: 'archived', endAt: sql`now() - interval '30 days'` })
      .where(eq(vms.id, vm.id));
    await w.actions.runVmAction({ vmId: vm.id, action: 'start' }, false);
    expect(await rowOf(vm.id)).toMatchObject({ state: 'archived', pendingAction: null, lastError: null });
  });

  it('the job run twice does its work once', async () => {
    const vm = await claimed('stopped', 'starting');
    await w.actions.runVmAction({ vmId: vm.id, action: 'start' }, false);
    expect((await machineOf(vm.externalId!)).state).toBe('running');
    // Powered off again at the hypervisor: a second delivery of the same job must not start it again.
    await w.db.update(simulatorVms).set({ state: 'stopped' }).where(eq(simulatorVms.id, vm.externalId!));
    await w.actions.runVmAction({ vmId: vm.id, action: 'start' }, false);
    expect((await machineOf(vm.externalId!)).state).toBe('stopped');

    const parent = await w.vm();
    const clone = await w.backup(parent, 'clone');
    const res = await w.call('virtualMachine/restoreCloneVM', { provider: 'simulator', cloneVmUUID: clone.externalId });
    expect(res.http).toBe(200);
    const restored = await until(async () => {
      const [row] = await w.db.select().from(vms).where(eq(vms.restoredFromBackupId, clone.id));
      return row?.state === 'running' ? row : undefined;
    });
    const [job] = [{ backupId: clone.id, action: 'restore' as const, vmId: restored.id }];
    await w.actions.runBackupAction(job, false);
    await w.actions.runBackupAction(job, false);
    expect(await w.db.select().from(vms).where(eq(vms.restoredFromBackupId, clone.id))).toHaveLength(1);
    expect(
      await w.db
        .select()
        .from(simulatorVms)
        .where(eq(simulatorVms.idempotencyKey, `restore-vm-${restored.id}`)),
    ).toHaveLength(1);
  });
});

describe('restore', () => {
  it('restores a clone through the job: a new VM on Products, the clone restored; a second restore gets the spec’s 400', async () => {
    const parent = await w.vm({ name: 'source', endInDays: 12 });
    const clone = await w.backup(parent, 'clone');
    expect((await productsOf()).find((v) => v.ID === parent.id)).toMatchObject({ isClone: 1 });
    const res = await w.call('virtualMachine/restoreCloneVM', { provider: 'simulator', cloneVmUUID: clone.externalId });
    expect(res.http).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Clone Virtual Machine restored successfully.',
      data: { ID: clone.id, pendingAction: 'restoring' },
    });
    const done = await until(async () => {
      const b = await backupOf(clone.id);
      return b.pendingAction === null ? b : undefined;
    });
    expect(done.state).toBe('restored');
    const [restored] = await w.db.select().from(vms).where(eq(vms.restoredFromBackupId, clone.id));
    expect(restored).toMatchObject({ state: 'running', name: 'source-clone', orderId: null, cpu: 2, ramGb: 4, diskGb: 50 });
    // A restored copy runs until its parent's end date; it is not a new purchase.
    expect(restored!.endAt!.toISOString()).toBe(parent.endAt!.toISOString());
    const list = await productsOf();
    expect(list.find((v) => v.ID === restored!.id)).toMatchObject({ vmStatus: 'running', createdUUID: restored!.externalId });
    expect(list.find((v) => v.ID === parent.id)).toMatchObject({ isClone: 0 });
    expect((await w.list('virtualMachine/getUserBackups')).body.data.find((b: { ID: number }) => b.ID === clone.id)).toMatchObject({
      isRestoredVM: 1,
      backupStatus: 'restored',
    });

    const again = await w.call('virtualMachine/restoreCloneVM', { provider: 'simulator', cloneVmUUID: clone.externalId });
    expect(again.body).toMatchObject({ status: 400, message: 'Unable to restore Clone Virtual Machine. Try again in sometime.' });

    // viewCloneVM by the clone's id opens the VM made from it.
    const view = await w.call('vmAction/viewCloneVM', { provider: 'simulator', virDomainUUID: clone.externalId });
    expect(view.http).toBe(200);
    expect(view.body.data.consoleUrl).toContain(`/simulator/console/${encodeURIComponent(restored!.externalId!)}?token=`);
  });

  it('a clone still being made cannot be restored (spec’s 400); a clone the hypervisor lost gives the clone back, lastError kept', async () => {
    const parent = await w.vm();
    const making = await w.backup(parent, 'clone');
    await w.db.update(vmBackups).set({ state: 'creating' }).where(eq(vmBackups.id, making.id));
    expect((await w.call('virtualMachine/restoreCloneVM', { cloneVmUUID: making.externalId })).body).toMatchObject({
      status: 400,
      message: messages.restoreCloneFailed,
    });

    const lost = await w.backup(await w.vm(), 'clone');
    await w.db.update(simulatorBackups).set({ state: 'deleted' }).where(eq(simulatorBackups.id, lost.externalId!));
    expect((await w.call('virtualMachine/restoreCloneVM', { cloneVmUUID: lost.externalId })).http).toBe(200);
    const back = await until(async () => {
      const b = await backupOf(lost.id);
      return b.pendingAction === null ? b : undefined;
    });
    expect(back.state).toBe('ready');
    expect(back.lastError).not.toBeNull();
    const [row] = await w.db.select().from(vms).where(eq(vms.restoredFromBackupId, lost.id));
    expect(row!.state).toBe('deleted');
  });

  it('restores an archived VM whose period is over as expired (to be renewed), one with days left as running; anything else gets the spec’s 400', async () => {
    const over = await w.vm({ state: 'archived', endInDays: -20 });
    const res = await w.call('virtualMachine/restoreArchiveVM', { provider: 'simulator', virtualMachineUUID: over.externalId });
    expect(res.body).toMatchObject({
      status: 200,
      message: 'Archive Virtual Machine restored successfully.',
      data: { ID: over.id, pendingAction: 'restoring' },
    });
    const row = await settled(over.id);
    expect(row).toMatchObject({ state: 'expired', archivedAt: null });
    // The end date is not extended; the grace period starts again today.
    expect(row.endAt!.toISOString()).toBe(over.endAt!.toISOString());
    expect(row.expiredAt!.getTime()).toBeGreaterThan(over.expiredAt!.getTime());
    expect((await machineOf(over.externalId!)).state).toBe('stopped');
    expect((await productsOf()).find((v) => v.ID === over.id)).toMatchObject({ vmStatus: 'expired' });
    expect((await w.list('virtualMachine/getArchivedVMs')).body.data.map((v: { ID: number }) => v.ID)).not.toContain(over.id);

    const left = await w.vm({ state: 'archived', endInDays: 5 });
    expect((await w.call('virtualMachine/restoreArchiveVM', { virtualMachineUUID: left.externalId })).http).toBe(200);
    expect((await settled(left.id)).state).toBe('running');

    const running = await w.vm();
    expect((await w.call('virtualMachine/restoreArchiveVM', { virtualMachineUUID: running.externalId })).body).toMatchObject({
      status: 400,
      message: 'Unable to restore Archive Virtual Machine. Try again in sometime.',
    });
  });
});

describe('clones and snapshots deleted', () => {
  it('deletes a clone and a snapshot through the job; they leave the Backup tab; unknown ids are 404', async () => {
    const vm = await w.vm();
    const clone = await w.backup(vm, 'clone');
    const snapshot = await w.backup(vm, 'snapshot');
    const c = await w.call('vmAction/deleteCloneVirtualMachine', { provider: 'simulator', cloneVMUUID: clone.externalId });
    expect(c.body).toMatchObject({
      status: 200,
      message: 'Your clone is being deleted',
      data: { ID: clone.id, pendingAction: 'deleting' },
    });
    const s = await w.call('vmAction/deleteSnapshot', { provider: 'simulator', SnapshotVMUUID: snapshot.externalId });
    expect(s.body).toMatchObject({ status: 200, data: { ID: snapshot.id } });
    for (const b of [clone, snapshot]) {
      await until(async () => ((await backupOf(b.id)).state === 'deleted' ? true : undefined));
      const [copy] = await w.db.select().from(simulatorBackups).where(eq(simulatorBackups.id, b.externalId!));
      expect(copy!.state).toBe('deleted');
    }
    const ids = (await w.list('virtualMachine/getUserBackups')).body.data.map((b: { ID: number }) => b.ID);
    expect(ids).not.toContain(clone.id);
    expect(ids).not.toContain(snapshot.id);

    expect((await w.call('vmAction/deleteCloneVirtualMachine', { cloneVMUUID: 'sim-clone-unknown' })).body).toMatchObject({
      status: 404,
      message: messages.backupNotFound,
    });
    // A snapshot's id is not a clone's.
    const other = await w.backup(vm, 'snapshot');
    expect((await w.call('vmAction/deleteCloneVirtualMachine', { cloneVMUUID: other.externalId })).http).toBe(404);
  });
});

describe('view and console', () => {
  it('gives only a signed console address; the page shows the machine escaped; a wrong or expired token gets 403', async () => {
    const vm = await w.vm({ name: '<script>alert(1)</script>', cpu: 4, ramGb: 16, diskGb: 200 });
    const res = await w.call('vmAction/viewVM', { provider: 'simulator', virDomainUUID: vm.externalId, ID: vm.id });
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({
      user: null,
      password: null,
      provider: 'simulator',
      apiUrl: null,
      systemUrl: null,
      cloudServiceUrl: null,
    });
    const url: string = res.body.data.consoleUrl;
    expect(url).toMatch(/^\/simulator\/console\/sim-[^?]+\?token=\d+\.[\w-]{43}$/);

    const page = await w.t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toMatch(/4 cores[\s\S]*16 GB[\s\S]*200 GB/);
    expect(page.body).toContain('running');

    // A character inside the signature: the last of 43 base64url characters carries 2 padding bits,
    // so changing only those (A → B) would decode to the same signature.
    const at = url.length - 10;
    const tampered = `${url.slice(0, at)}${url[at] === 'A' ? 'B' : 'A'}${url.slice(at + 1)}`;
    expect((await w.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect((await w.t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(403);
    const other = await w.vm();
    const elsewhere = `/simulator/console/${encodeURIComponent(other.externalId!)}?${url.split('?')[1]}`;
    expect((await w.t.app.inject({ method: 'GET', url: elsewhere })).statusCode).toBe(403);

    const tokens = createConsoleTokens(new TextEncoder().encode('a-secret-for-this-test-only-32-chars!!'));
    const old = tokens.sign(vm.externalId!, Date.now() - 11 * 60_000);
    expect(tokens.verify(vm.externalId!, old)).toBe(false);
    expect(tokens.verify(vm.externalId!, tokens.sign(vm.externalId!))).toBe(true);
    const expiredPage = await w.t.app.inject({
      method: 'GET',
      url: `/simulator/console/${encodeURIComponent(vm.externalId!)}?token=${old}`,
    });
    expect(expiredPage.statusCode).toBe(403);
    expect(expiredPage.body).toContain(messages.consoleLinkInvalid);

    // The ID and the machine must be the same VM.
    expect((await w.call('vmAction/viewVM', { virDomainUUID: other.externalId, ID: vm.id })).http).toBe(404);
  });
});

describe('alias', () => {
  it('sets a trimmed alias, refuses more than 50 characters naming aliasName, and clears it when empty', async () => {
    const vm = await w.vm();
    const set = await w.call('virtualMachine/addAliasName', { aliasName: '  Payroll box ', productID: vm.id });
    expect(set.body).toMatchObject({
      status: 200,
      message: 'Alias name updated successfully',
      data: { ID: vm.id, aliasName: 'Payroll box' },
    });
    expect((await productsOf()).find((v) => v.ID === vm.id)!.aliasName).toBe('Payroll box');
    const long = await w.call('virtualMachine/addAliasName', { aliasName: 'x'.repeat(51), productID: vm.id });
    expect(long.body).toMatchObject({
      status: 400,
      message: messages.aliasNameTooLong,
      data: { fieldErrors: { aliasName: messages.aliasNameTooLong } },
    });
    expect((await w.call('virtualMachine/addAliasName', { aliasName: '', productID: vm.id })).body.data.aliasName).toBeNull();
    expect((await rowOf(vm.id)).alias).toBeNull();
  });
});

describe('who may act', () => {
  /** Every action on `vm` (and its clone), as the API receives it. */
  const everyAction = (vm: { id: number; externalId: string | null }, cloneUuid: string, snapshotUuid: string) =>
    [
      ['vmAction/startVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId }],
      ['vmAction/shutdownVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId }],
      ['vmAction/deleteVirtualMachine', { provider: 'simulator', virDomainUUID: vm.externalId }],
      ['vmAction/viewVM', { provider: 'simulator', virDomainUUID: vm.externalId, ID: vm.id }],
      ['vmAction/viewCloneVM', { provider: 'simulator', virDomainUUID: vm.externalId }],
      ['virtualMachine/addAliasName', { aliasName: 'mine now', productID: vm.id }],
      ['allowIP/assignPublicIP', { lanIP: '10.0.0.9', hostName: 'web', tcpPort: '443', productID: vm.id }],
      ['virtualMachine/restoreArchiveVM', { provider: 'simulator', virtualMachineUUID: vm.externalId }],
      ['virtualMachine/restoreCloneVM', { provider: 'simulator', cloneVmUUID: cloneUuid }],
      ['vmAction/deleteCloneVirtualMachine', { provider: 'simulator', cloneVMUUID: cloneUuid }],
      ['vmAction/deleteSnapshot', { provider: 'simulator', SnapshotVMUUID: snapshotUuid }],
    ] as const;

  it('another customer of the company, and a customer of another company, get 404 on every action; nothing changes', async () => {
    const vm = await w.vm({ name: 'private' });
    const clone = await w.backup(vm, 'clone');
    const snapshot = await w.backup(vm, 'snapshot');
    for (const intruder of [w.sipho, w.zebraCustomer]) {
      for (const [path, body] of everyAction(vm, clone.externalId!, snapshot.externalId!)) {
        const res = await w.call(path, body, intruder);
        expect(res.http, `${path} as customer ${intruder.customerId}`).toBe(404);
        expect(res.body.data?.consoleUrl, path).toBeUndefined();
      }
    }
    expect(await rowOf(vm.id)).toMatchObject({ state: 'running', pendingAction: null, alias: null });
    expect(await backupOf(clone.id)).toMatchObject({ state: 'ready', pendingAction: null });
    expect(await w.db.select().from(publicIps).where(eq(publicIps.vmId, vm.id))).toEqual([]);
  });

  it('a blocked VM gets 403 with the spec’s text on every action, and stays listed as blocked', async () => {
    const running = await w.vm({ blocked: true });
    const clone = await w.backup(running, 'clone');
    const snapshot = await w.backup(running, 'snapshot');
    for (const [path, body] of everyAction(running, clone.externalId!, snapshot.externalId!)) {
      const res = await w.call(path, body);
      expect(res.http, path).toBe(403);
      expect(res.body.message, path).toBe(messages.vmBlocked);
    }
    // Blocked while off or archived: the same (delete, start and restore would otherwise be allowed).
    const off = await w.vm({ blocked: true, state: 'stopped' });
    const archived = await w.vm({ blocked: true, state: 'archived', endInDays: -10 });
    for (const [path, body] of [
      ['vmAction/startVirtualMachine', { virDomainUUID: off.externalId }],
      ['vmAction/deleteVirtualMachine', { virDomainUUID: off.externalId }],
      ['virtualMachine/restoreArchiveVM', { virtualMachineUUID: archived.externalId }],
    ] as const) {
      expect((await w.call(path, body)).http, path).toBe(403);
    }
    expect((await productsOf()).find((v) => v.ID === running.id)).toMatchObject({ isBlocked: 1 });
    expect((await w.list('virtualMachine/getArchivedVMs')).body.data.find((v: { ID: number }) => v.ID === archived.id)).toMatchObject({
      isBlocked: 1,
    });
  });
});
