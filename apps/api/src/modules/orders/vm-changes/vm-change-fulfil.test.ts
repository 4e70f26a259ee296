import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { notifications, orderVms, simulatorBackups, simulatorVms, vmBackups, vmDisks } from '../../../db/schema.ts';
import { fulfilOrderJob } from '../fulfil-order-job.ts';
import type { Hypervisor, HypervisorVm } from '../../../integrations/hypervisors/hypervisor.ts';
import { powerOff } from './power-off.ts';
import { backupPayload, openChangeWorld, updatePayload, type ChangeWorld } from './vm-changes.test-helper.ts';

let w: ChangeWorld;
beforeAll(async () => {
  w = await openChangeWorld();
  await w.t.queue.work(
    [
      fulfilOrderJob(w.t.modules.orders.fulfilments, {
        retryLimit: 2,
        retryDelay: 1,
      }),
    ],
    { pollingIntervalSeconds: 0.5 },
  );
});
afterAll(() => w.close());

const machine = async (externalId: string) => (await w.db.select().from(simulatorVms).where(eq(simulatorVms.id, externalId)))[0]!;
const noticesOf = (customerId: number, text: string) =>
  w.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.customerId, customerId), eq(notifications.text, text)));
const fulfilments = () => w.t.modules.orders.fulfilments;

describe('a paid update', () => {
  it('shuts the running machine down, resizes it, starts it again, then records the new sizes once', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who, 'resize-me');
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, { cost: '435.00', tax: '65.25', total: '500.25' }),
    );
    const orderId = res.body.data.orderID as number;
    await w.pay(who, orderId);
    const order = await until(async () => ((await w.orderRow(orderId)).status === 'fulfilled' ? w.orderRow(orderId) : undefined));
    expect(order.status).toBe('fulfilled');
    const row = await w.vmRow(vm.id);
    expect(row).toMatchObject({
      cpu: 4,
      ramGb: 8,
      diskGb: 60,
      pendingAction: null,
      lastError: null,
    });
    expect(await machine(vm.externalId!)).toMatchObject({
      cpu: 4,
      ramGb: 8,
      diskGb: 60,
      state: 'running',
    });
    const [target] = await w.db.select().from(orderVms).where(eq(orderVms.orderId, orderId));
    expect(target!.fulfilledAt).not.toBeNull();
    expect(target!.details).toMatchObject({ wasRunning: true });

    // A second run (a replayed job) changes nothing and tells nobody twice.
    await fulfilments()[4](orderId, { final: false });
    expect(await noticesOf(who.customerId, 'Your virtual machine resize-me has been updated')).toHaveLength(1);
    const mails = (await queuedMails(w.t, who.email)).filter((m) => m.subject === 'Your virtual machine resize-me has been updated');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('4 cores, 8 GB memory and a 60 GB disk');
  });

  it('leaves a stopped machine stopped', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    await w.db.update(simulatorVms).set({ state: 'stopped' }).where(eq(simulatorVms.id, vm.externalId!));
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 6, disk: 50 }, { cost: '90.00', tax: '13.50', total: '103.50' }),
    );
    const orderId = res.body.data.orderID as number;
    await w.markPaid(orderId);
    await fulfilments()[4](orderId, { final: false });
    expect(await machine(vm.externalId!)).toMatchObject({
      ramGb: 6,
      state: 'stopped',
    });
    expect((await w.orderRow(orderId)).status).toBe('fulfilled');
  });

  it('adds a disk in slot 1: the machine gets it, the row is attached, the VM runs again', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 4, disk: 100 }, { cost: '150.00', tax: '22.50', total: '172.50' }, 'Disk'),
    );
    const orderId = res.body.data.orderID as number;
    await w.pay(who, orderId);
    await until(async () => ((await w.orderRow(orderId)).status === 'fulfilled' ? true : undefined));
    expect(await machine(vm.externalId!)).toMatchObject({
      addedDisksGb: [100],
      diskGb: 50,
      state: 'running',
    });
    expect(await w.db.select().from(vmDisks).where(eq(vmDisks.vmId, vm.id))).toMatchObject([
      { slot: 1, sizeGb: 100, state: 'attached', orderId },
    ]);
    const details = await w.call(who, 'getVMDetailForUpdateVM', {
      productID: vm.id,
    });
    expect(details.body.data.addedDisks).toEqual([{ slot: 1, sizeGb: 100, state: 'attached' }]);
  });

  it('retries a hypervisor outage (error kept, VM still resizing), then finishes', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 6, disk: 50 }, { cost: '90.00', tax: '13.50', total: '103.50' }),
    );
    const orderId = res.body.data.orderID as number;
    await w.markPaid(orderId);
    w.t.modules.machines.hypervisors.simulator.failNext('resizeVm', 1, 'unavailable');
    await expect(fulfilments()[4](orderId, { final: false })).rejects.toThrow('simulated unavailable failure of resizeVm');
    expect(await w.vmRow(vm.id)).toMatchObject({
      pendingAction: 'resizing',
      lastError: 'simulated unavailable failure of resizeVm',
      ramGb: 4,
    });
    expect((await w.orderRow(orderId)).status).toBe('fulfilling');
    // A second action is refused while it waits.
    expect((await w.call(who, 'getVMDetailForUpdateVM', { productID: vm.id })).http).toBe(409);

    await fulfilments()[4](orderId, { final: false });
    expect(await w.vmRow(vm.id)).toMatchObject({
      pendingAction: null,
      lastError: null,
      ramGb: 6,
    });
    // Shut down by the first attempt, started again by the second.
    expect(await machine(vm.externalId!)).toMatchObject({
      ramGb: 6,
      state: 'running',
    });
  });

  it('gives up on a lasting refusal: order needs attention, VM free again and running, error kept', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who, 'refused-vm');
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, { cost: '435.00', tax: '65.25', total: '500.25' }),
    );
    const orderId = res.body.data.orderID as number;
    await w.markPaid(orderId);
    w.t.modules.machines.hypervisors.simulator.failNext('resizeVm', 1, 'rejected');
    await fulfilments()[4](orderId, { final: false });
    expect((await w.orderRow(orderId)).status).toBe('needs_attention');
    expect(await w.vmRow(vm.id)).toMatchObject({
      pendingAction: null,
      lastError: 'simulated rejected failure of resizeVm',
      cpu: 2,
    });
    expect(await machine(vm.externalId!)).toMatchObject({
      cpu: 2,
      state: 'running',
    });
    expect(
      await noticesOf(who.customerId, 'The update of your virtual machine refused-vm could not be completed. Our team has been told.'),
    ).toHaveLength(1);
  });
});

describe('a paid clone or snapshot', () => {
  it('appears as a ready vm_backups row with the simulator’s copy id', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who, 'copied-vm');
    const clone = await w.call(
      who,
      'createOrderForcloneVM',
      backupPayload(vm.id, { cost: '231.00', tax: '34.65', total: '265.65' }, { cloneDuration: 2, cloneDurationType: 'weekly' }),
    );
    const snapshot = await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, { cost: '75.00', tax: '11.25', total: '86.25' }));
    for (const res of [clone, snapshot]) await w.pay(who, res.body.data.orderID);
    const rows = await until(async () => {
      const r = await w.db.select().from(vmBackups).where(eq(vmBackups.vmId, vm.id));
      return r.length === 2 && r.every((b) => b.state === 'ready') ? r : undefined;
    });
    const copies = await w.db.select().from(simulatorBackups).where(eq(simulatorBackups.vmId, vm.externalId!));
    expect(copies).toHaveLength(2);
    const cloneRow = rows.find((r) => r.kind === 'clone')!;
    expect(cloneRow).toMatchObject({
      orderId: clone.body.data.orderID,
      cloneDuration: 2,
      cloneType: 'weekly',
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
    });
    expect(cloneRow.externalId).toBe(copies.find((c) => c.kind === 'clone')!.id);
    expect(copies.find((c) => c.kind === 'snapshot')!.idempotencyKey).toBe(`order-${snapshot.body.data.orderID}`);
    expect(rows.find((r) => r.kind === 'snapshot')!.externalId).toBe(copies.find((c) => c.kind === 'snapshot')!.id);
    expect((await w.orderRow(clone.body.data.orderID)).status).toBe('fulfilled');
    expect(await noticesOf(who.customerId, 'Your clone of copied-vm is ready')).toHaveLength(1);

    // Run again: still one copy, one row.
    await fulfilments()[2](clone.body.data.orderID, { final: false });
    expect(await w.db.select().from(simulatorBackups).where(eq(simulatorBackups.vmId, vm.externalId!))).toHaveLength(2);
  });

  it('retries an outage, and fails the backup on the last attempt', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, { cost: '75.00', tax: '11.25', total: '86.25' }));
    const orderId = res.body.data.orderID as number;
    await w.markPaid(orderId);
    w.t.modules.machines.hypervisors.simulator.failNext('createBackup', 2, 'unavailable');
    await expect(fulfilments()[2](orderId, { final: false })).rejects.toThrow();
    const [creating] = await w.db.select().from(vmBackups).where(eq(vmBackups.orderId, orderId));
    expect(creating).toMatchObject({
      state: 'creating',
      lastError: 'simulated unavailable failure of createBackup',
      externalId: null,
    });
    await fulfilments()[2](orderId, { final: true });
    const [failed] = await w.db.select().from(vmBackups).where(eq(vmBackups.orderId, orderId));
    expect(failed!.state).toBe('failed');
    expect((await w.orderRow(orderId)).status).toBe('needs_attention');
  });
});

describe('powerOff', () => {
  const fakeHypervisor = (stopsOnShutdown: boolean) => {
    const calls: string[] = [];
    let state: HypervisorVm['state'] = 'running';
    const hypervisor = {
      provider: 'fake',
      getVm: async (id: string) => ({
        externalId: id,
        name: 'x',
        state,
        cpu: 1,
        ramGb: 1,
        diskGb: 1,
      }),
      shutdownVm: async () => {
        calls.push('shutdown');
        if (stopsOnShutdown) state = 'stopped';
      },
      stopVm: async () => {
        calls.push('stop');
        state = 'stopped';
      },
    } as unknown as Hypervisor;
    return { hypervisor, calls };
  };

  it('shuts down in an orderly way when the guest obeys', async () => {
    const { hypervisor, calls } = fakeHypervisor(true);
    await powerOff(hypervisor, 'm1', {
      pollMs: 5,
      shutdownTimeoutMs: 50,
      stopTimeoutMs: 50,
    });
    expect(calls).toEqual(['shutdown']);
  });

  it('falls back to the hard stop after the time-out', async () => {
    const { hypervisor, calls } = fakeHypervisor(false);
    await powerOff(hypervisor, 'm1', {
      pollMs: 5,
      shutdownTimeoutMs: 30,
      stopTimeoutMs: 50,
    });
    expect(calls).toEqual(['shutdown', 'stop']);
  });
});
