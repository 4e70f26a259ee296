import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenNebula, type FakeOpenNebula } from '../../../../../tools/fakes/opennebula.ts';
import { HypervisorError, type Hypervisor } from './hypervisor.ts';
import { createNodeWeaverHypervisor } from './nodeweaver.ts';
import { createOpenNebulaHypervisor } from './opennebula.ts';
import { kindOfErrorCode } from './opennebula-rpc.ts';

describe('the OpenNebula adapter (against a local fake XML-RPC front-end)', () => {
  let fake: FakeOpenNebula;
  let one: Hypervisor;
  const settings = () => ({
    url: fake.url,
    username: 'oneadmin',
    password: 'opennebula',
    pollIntervalMs: 5,
    taskTimeoutMs: 5000,
    fireEdgeUrl: 'https://one.example:2616/',
  });

  beforeAll(async () => {
    fake = await startFakeOpenNebula({ transitionPolls: 2 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    one = createOpenNebulaHypervisor(settings());
  });

  async function failure(promise: Promise<unknown>): Promise<HypervisorError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HypervisorError);
    return err as HypervisorError;
  }

  async function running(key: string): Promise<string> {
    const { externalId } = await one.createVm({ name: `vm-${key}`, cpu: 2, ramGb: 4, diskGb: 20, template: '0', idempotencyKey: key });
    for (let i = 0; i < 20 && (await one.getVm(externalId))?.state !== 'running'; i++);
    expect((await one.getVm(externalId))?.state).toBe('running');
    return externalId;
  }

  it('instantiates the template with the key in the user template, the size asked for, and once per key', async () => {
    const { externalId } = await one.createVm({ name: 'web01', cpu: 2, ramGb: 4, diskGb: 20, template: '0', idempotencyKey: 'order-1' });
    const call = fake.calls.find((c) => c.method === 'one.template.instantiate')!;
    expect(call.params.slice(0, 4)).toEqual(['oneadmin:opennebula', 0, 'web01', false]);
    const vm = fake.vms.get(Number(externalId))!;
    expect(vm.userTemplate.MAWINGU_KEY).toBe('order-1');
    expect(vm.template).toMatchObject({ CPU: '2', VCPU: '2', MEMORY: '4096' });
    expect(vm.disks[0]).toMatchObject({ IMAGE_ID: '1', SIZE: '20480' });
    expect((await one.getVm(externalId))?.state).toBe('creating');

    const instantiations = fake.calls.filter((c) => c.method === 'one.template.instantiate').length;
    expect(await one.createVm({ name: 'web01', cpu: 2, ramGb: 4, diskGb: 20, template: '0', idempotencyKey: 'order-1' })).toEqual({
      externalId,
    });
    expect(fake.calls.filter((c) => c.method === 'one.template.instantiate').length).toBe(instantiations);
    expect(await one.getVm(externalId)).toEqual({
      externalId,
      name: 'web01',
      state: 'creating',
      cpu: 2,
      ramGb: 4,
      diskGb: 20,
      address: `10.0.0.${externalId}`,
    });
  });

  it('maps STATE/LCM_STATE: ACTIVE+RUNNING running, POWEROFF stopped, DONE deleted, a *_FAILURE failed; unknown is null', async () => {
    const id = await running('order-2');
    await one.stopVm(id);
    expect((await one.getVm(id))?.state).toBe('stopped');
    fake.vms.get(Number(id))!.state = 3;
    fake.vms.get(Number(id))!.lcm = 36; // BOOT_FAILURE
    expect((await one.getVm(id))?.state).toBe('failed');
    expect(await one.getVm('99999')).toBeNull();
  });

  it('sends one.vm.action with the action name before the id and waits for the state', async () => {
    const id = await running('order-3');
    await one.shutdownVm(id);
    expect(fake.calls.filter((c) => c.method === 'one.vm.action').at(-1)!.params).toEqual(['oneadmin:opennebula', 'poweroff', Number(id)]);
    expect(fake.vms.get(Number(id))!.state).toBe(8);
    await one.startVm(id);
    expect(fake.calls.filter((c) => c.method === 'one.vm.action').at(-1)!.params[1]).toBe('resume');
    expect((await one.getVm(id))?.state).toBe('running');
    await one.stopVm(id);
    expect(fake.calls.filter((c) => c.method === 'one.vm.action').at(-1)!.params[1]).toBe('poweroff-hard');
  });

  it('deletes only a powered-off machine (terminate, then DONE)', async () => {
    const id = await running('order-4');
    expect((await failure(one.deleteVm(id))).kind).toBe('wrong-state');
    await one.stopVm(id);
    await one.deleteVm(id);
    expect((await one.getVm(id))?.state).toBe('deleted');
  });

  it('resizes CPU, memory (MB) and the first disk (MB, grow only) while powered off', async () => {
    const id = await running('order-5');
    expect((await failure(one.resizeVm(id, { cpu: 4 }))).kind).toBe('wrong-state');
    await one.stopVm(id);
    await one.resizeVm(id, { cpu: 4, ramGb: 8, diskGb: 40 });
    expect(fake.calls.find((c) => c.method === 'one.vm.diskresize')!.params.slice(1)).toEqual([Number(id), 0, '40960']);
    expect(await one.getVm(id)).toMatchObject({ cpu: 4, ramGb: 8, diskGb: 40, state: 'stopped' });
    expect((await failure(one.resizeVm(id, { diskGb: 10 }))).kind).toBe('rejected');
  });

  it('attaches at most two disks, once per key', async () => {
    const id = await running('order-6');
    await one.stopVm(id);
    await one.addDisk(id, { sizeGb: 5, idempotencyKey: 'disk-a' });
    await one.addDisk(id, { sizeGb: 5, idempotencyKey: 'disk-a' });
    await one.addDisk(id, { sizeGb: 10, idempotencyKey: 'disk-b' });
    expect(fake.vms.get(Number(id))!.disks.map((d) => [d.TARGET, d.SIZE])).toEqual([
      ['vda', '20480'],
      ['vdb', '5120'],
      ['vdc', '10240'],
    ]);
    expect((await failure(one.addDisk(id, { sizeGb: 1, idempotencyKey: 'disk-c' }))).kind).toBe('rejected');
  });

  it('snapshots as "vmId:snapshotId" once per key and deletes it', async () => {
    const id = await running('order-7');
    const { backupId } = await one.createBackup(id, { kind: 'snapshot', name: 'nightly', idempotencyKey: 'snap-7' });
    expect(backupId).toBe(`${id}:0`);
    expect(await one.createBackup(id, { kind: 'snapshot', name: 'nightly', idempotencyKey: 'snap-7' })).toEqual({ backupId });
    expect(fake.vms.get(Number(id))!.snapshots.map((s) => s.NAME)).toEqual(['nightly (snap-7)']);
    await one.deleteBackup('snapshot', backupId);
    expect(fake.vms.get(Number(id))!.snapshots).toEqual([]);
    await one.deleteBackup('snapshot', backupId); // already gone
  });

  it('clones by saving the disk as an image (waits until READY), and restores it as a new machine once per key', async () => {
    const id = await running('order-8');
    const { backupId } = await one.createBackup(id, { kind: 'clone', name: 'weekly', idempotencyKey: 'clone-8' });
    const image = fake.images.get(Number(backupId))!;
    expect(image).toMatchObject({ name: 'weekly (clone-8)', state: 1 });
    expect(image.template).toMatchObject({ MAWINGU_TEMPLATE_ID: '0', MAWINGU_VCPU: '2', MAWINGU_MEMORY: '4096' });
    expect(await one.createBackup(id, { kind: 'clone', name: 'weekly', idempotencyKey: 'clone-8' })).toEqual({ backupId });

    const restored = await one.restoreClone(backupId, { name: 'restored', idempotencyKey: 'restore-8' });
    const vm = fake.vms.get(Number(restored.externalId))!;
    expect(vm.disks.map((d) => d.IMAGE_ID)).toEqual([backupId]);
    expect(vm.template).toMatchObject({ VCPU: '2', MEMORY: '4096' });
    expect(await one.restoreClone(backupId, { name: 'restored', idempotencyKey: 'restore-8' })).toEqual(restored);

    await one.deleteBackup('clone', backupId);
    expect(fake.images.has(Number(backupId))).toBe(false);
    await one.deleteBackup('clone', backupId);
  });

  it('archives by undeploy and restores by resume', async () => {
    const id = await running('order-9');
    await one.archiveVm(id);
    expect(fake.vms.get(Number(id))!.state).toBe(9);
    expect((await one.getVm(id))?.state).toBe('stopped');
    await one.restoreArchive(id);
    expect((await one.getVm(id))?.state).toBe('running');
  });

  it("gives FireEdge's Sunstone page of the machine as the console address", async () => {
    const id = await running('order-10');
    expect(await one.consoleUrl(id)).toBe(`https://one.example:2616/fireedge/sunstone/instances/vms/${id}`);
  });

  it('maps error codes to kinds', () => {
    expect([0x0100, 0x0200, 0x0400, 0x0800, 0x1000, 0x2000, 0x4000, 0x8000].map(kindOfErrorCode)).toEqual([
      'auth',
      'auth',
      'not-found',
      'wrong-state',
      'rejected',
      'unavailable',
      'rejected',
      'unavailable',
    ]);
  });

  it('refused session → auth; a locked object → unavailable; no capacity → rejected; HTTP 5xx or nothing listening → unavailable', async () => {
    const wrong = createOpenNebulaHypervisor({ ...settings(), password: 'nope' });
    expect((await failure(wrong.getVm('10'))).kind).toBe('auth');
    fake.failNextCalls(0x8000, 1, 'Object is locked');
    expect((await failure(one.getVm('10'))).kind).toBe('unavailable');
    fake.failNextCalls(0x4000, 1, 'Not enough capacity');
    const err = await failure(one.createVm({ name: 'x', cpu: 1, ramGb: 1, diskGb: 10, template: '0', idempotencyKey: 'order-cap' }));
    expect(err.kind).toBe('rejected');
    expect(err.message).toContain('0x4000');
    fake.httpErrorNext(502, 1);
    expect((await failure(one.getVm('10'))).kind).toBe('unavailable');
    const nowhere = createOpenNebulaHypervisor({ ...settings(), url: 'http://127.0.0.1:9/RPC2' });
    expect((await failure(nowhere.getVm('10'))).kind).toBe('unavailable');
  });

  it('a call the front-end does not answer in time is unavailable', async () => {
    fake.delayNextCalls(3000, 1);
    const started = Date.now();
    const err = await failure(createOpenNebulaHypervisor({ ...settings(), requestTimeoutMs: 100 }).getVm('10'));
    expect(err.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('an action that ends in a failure state is rejected; one that never lands times out as unavailable', async () => {
    const id = await running('order-11');
    await one.stopVm(id);
    fake.failNextTransition();
    const failed = await failure(one.startVm(id));
    expect(failed.kind).toBe('rejected');
    expect(failed.message).toContain('LCM_STATE 36');

    const other = await running('order-12');
    fake.stallNextTransition();
    const started = Date.now();
    const slow = await failure(createOpenNebulaHypervisor({ ...settings(), taskTimeoutMs: 300 }).stopVm(other));
    expect(slow.kind).toBe('unavailable');
    expect(slow.message).toContain('within 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('serves NodeWeaver as the same API under its own provider name and credentials', async () => {
    const nodeWeaver = createNodeWeaverHypervisor({ ...settings() });
    expect(nodeWeaver.provider).toBe('nodeWeaver');
    const { externalId } = await nodeWeaver.createVm({ name: 'nw', cpu: 1, ramGb: 1, diskGb: 10, template: '0', idempotencyKey: 'nw-1' });
    expect(fake.vms.get(Number(externalId))!.userTemplate.MAWINGU_KEY).toBe('nw-1');
    const refused = await failure(createNodeWeaverHypervisor({ ...settings(), username: 'other' }).getVm(externalId));
    expect(refused.kind).toBe('auth');
    expect(refused.provider).toBe('nodeWeaver');
  });
});
