import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { until } from '../../../../test/until.ts';
import { simulatorVms, vms } from '../../../db/schema.ts';
import { openVmWorld, vmLookups, type VmWorld } from './vm-actions.test-helper.ts';

let w: VmWorld;
beforeAll(async () => {
  w = await openVmWorld();
});
afterAll(() => w.t.close());

const { rowOf, machineOf, productsOf, settled } = vmLookups(() => w);

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
