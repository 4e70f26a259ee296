import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { until } from '../../../../test/until.ts';
import { publicIps, simulatorBackups, vmBackups, vms } from '../../../db/schema.ts';
import { createConsoleTokens } from './console-token.ts';
import { openVmWorld, vmLookups, type VmWorld } from './vm-actions.test-helper.ts';

let w: VmWorld;
beforeAll(async () => {
  w = await openVmWorld();
});
afterAll(() => w.t.close());

const { rowOf, machineOf, backupOf, productsOf, settled } = vmLookups(() => w);

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
