import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeHc3, type FakeHc3 } from '../../../../../tools/fakes/hc3.ts';
import { createHc3Hypervisor } from './hc3.ts';
import { HypervisorError, type Hypervisor } from './hypervisor.ts';

const GIB = 1024 ** 3;
const GB = 1000 ** 3;

describe('the Scale Computing HC3 adapter (against a local fake cluster)', () => {
  let fake: FakeHc3;
  let hc3: Hypervisor;
  const settings = () => ({ url: fake.url, username: 'admin', password: 'admin', pollIntervalMs: 5, taskTimeoutMs: 5000 });

  beforeAll(async () => {
    fake = await startFakeHc3({ taskPolls: 2 });
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    hc3 = createHc3Hypervisor(settings());
    fake.setTaskPolls(2);
  });

  const create = (key: string) =>
    hc3.createVm({ name: `web-${key}`, cpu: 4, ramGb: 8, diskGb: 50, template: 'ubuntu-template', idempotencyKey: key });

  async function failure(promise: Promise<unknown>): Promise<HypervisorError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HypervisorError);
    return err as HypervisorError;
  }

  it('creates from the template: clones it, sizes it, starts it, and a retry returns the same machine', async () => {
    const { externalId } = await create('order-1');
    const vm = await hc3.getVm(externalId);
    expect(vm).toEqual({ externalId, name: 'web-order-1', state: 'running', cpu: 4, ramGb: 8, diskGb: 50 });
    const raw = fake.vms.get(externalId)!;
    expect(raw.mem).toBe(8 * GIB);
    expect(raw.tags.split(',')).toContain('mawingu:order-1');
    expect(raw.sourceVirDomainUUID).toBe(fake.templateUuid);

    const clonesBefore = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/clone')).length;
    expect(await create('order-1')).toEqual({ externalId });
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/clone')).length).toBe(clonesBefore);
  });

  it('waits for every task by polling its tag and sends power actions as an array', async () => {
    const { externalId } = await create('order-2');
    fake.requests.length = 0;
    await hc3.stopVm(externalId);
    expect(fake.requests.find((r) => r.path === '/VirDomain/action')?.body).toEqual([{ virDomainUUID: externalId, actionType: 'STOP' }]);
    expect(fake.requests.filter((r) => r.path.startsWith('/TaskTag/')).length).toBeGreaterThanOrEqual(3);
    expect((await hc3.getVm(externalId))?.state).toBe('stopped');
    await hc3.startVm(externalId);
    await hc3.startVm(externalId); // already running: nothing sent
    expect((await hc3.getVm(externalId))?.state).toBe('running');
    await hc3.shutdownVm(externalId);
    expect(
      fake.requests.filter((r) => r.path === '/VirDomain/action').map((r) => (r.body as Array<{ actionType: string }>)[0]!.actionType),
    ).toEqual(['STOP', 'START', 'SHUTDOWN']);
    expect((await hc3.getVm(externalId))?.state).toBe('stopped');
  });

  it('answers null for an unknown machine and not-found when acting on one', async () => {
    expect(await hc3.getVm('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect((await failure(hc3.startVm('00000000-0000-0000-0000-000000000000'))).kind).toBe('not-found');
  });

  it('deletes only a shut-off machine', async () => {
    const { externalId } = await create('order-3');
    expect((await failure(hc3.deleteVm(externalId))).kind).toBe('wrong-state');
    expect(fake.vms.has(externalId)).toBe(true);
    await hc3.stopVm(externalId);
    await hc3.deleteVm(externalId);
    expect(fake.vms.has(externalId)).toBe(false);
    expect(await hc3.getVm(externalId)).toBeNull();
  });

  it('resizes a stopped machine (memory in bytes, vCPUs, the first disk grows, never shrinks)', async () => {
    const { externalId } = await create('order-4');
    expect((await failure(hc3.resizeVm(externalId, { cpu: 8 }))).kind).toBe('wrong-state');
    await hc3.stopVm(externalId);
    await hc3.resizeVm(externalId, { cpu: 8, ramGb: 16, diskGb: 80 });
    expect(await hc3.getVm(externalId)).toMatchObject({ cpu: 8, ramGb: 16, diskGb: 80 });
    expect(fake.vms.get(externalId)!.blockDevs[0]!.capacity).toBe(80 * GB);
    expect((await failure(hc3.resizeVm(externalId, { diskGb: 40 }))).kind).toBe('rejected');
  });

  it('adds at most two disks, once per key', async () => {
    const { externalId } = await create('order-5');
    await hc3.stopVm(externalId);
    await hc3.addDisk(externalId, { sizeGb: 10, idempotencyKey: 'disk-a' });
    await hc3.addDisk(externalId, { sizeGb: 10, idempotencyKey: 'disk-a' });
    await hc3.addDisk(externalId, { sizeGb: 30, idempotencyKey: 'disk-b' });
    const disks = fake.vms.get(externalId)!.blockDevs;
    expect(disks.map((d) => [d.name, d.capacity])).toEqual([
      ['', 50 * GB],
      ['disk-a', 10 * GB],
      ['disk-b', 30 * GB],
    ]);
    expect((await failure(hc3.addDisk(externalId, { sizeGb: 5, idempotencyKey: 'disk-c' }))).kind).toBe('rejected');
  });

  it('clones (a new powered-off machine) and snapshots, each once per key, and deletes them', async () => {
    const { externalId } = await create('order-6');
    const clone = await hc3.createBackup(externalId, { kind: 'clone', name: 'web-clone', idempotencyKey: 'clone-6' });
    expect(await hc3.createBackup(externalId, { kind: 'clone', name: 'web-clone', idempotencyKey: 'clone-6' })).toEqual(clone);
    expect(fake.vms.get(clone.backupId)).toMatchObject({ name: 'web-clone', state: 'SHUTOFF', sourceVirDomainUUID: externalId });

    const snap = await hc3.createBackup(externalId, { kind: 'snapshot', name: 'before-upgrade', idempotencyKey: 'snap-6' });
    expect(await hc3.createBackup(externalId, { kind: 'snapshot', name: 'before-upgrade', idempotencyKey: 'snap-6' })).toEqual(snap);
    expect(fake.snapshots.get(snap.backupId)).toMatchObject({ domainUUID: externalId, label: 'before-upgrade (snap-6)' });

    await hc3.deleteBackup('snapshot', snap.backupId);
    await hc3.deleteBackup('clone', clone.backupId);
    expect(fake.snapshots.has(snap.backupId)).toBe(false);
    expect(fake.vms.has(clone.backupId)).toBe(false);
    await hc3.deleteBackup('clone', clone.backupId); // already gone: fine
  });

  it('restores a clone as a new running machine, once per key', async () => {
    const { externalId } = await create('order-7');
    const { backupId } = await hc3.createBackup(externalId, { kind: 'clone', name: 'c7', idempotencyKey: 'clone-7' });
    const restored = await hc3.restoreClone(backupId, { name: 'web-restored', idempotencyKey: 'restore-7' });
    expect(restored.externalId).not.toBe(backupId);
    expect(await hc3.getVm(restored.externalId)).toMatchObject({ name: 'web-restored', state: 'running' });
    expect(await hc3.restoreClone(backupId, { name: 'web-restored', idempotencyKey: 'restore-7' })).toEqual(restored);
  });

  it('archives (shut down, tagged archived) and restores (tag removed, started)', async () => {
    const { externalId } = await create('order-8');
    await hc3.archiveVm(externalId);
    expect(fake.vms.get(externalId)).toMatchObject({ state: 'SHUTOFF' });
    expect(fake.vms.get(externalId)!.tags.split(',')).toContain('archived');
    await hc3.restoreArchive(externalId);
    expect(fake.vms.get(externalId)!.state).toBe('RUNNING');
    expect(fake.vms.get(externalId)!.tags.split(',')).not.toContain('archived');
  });

  it("gives the cluster UI's address for the console", async () => {
    const { externalId } = await create('order-9');
    expect(await hc3.consoleUrl(externalId)).toBe(`${fake.url}/?virDomainUUID=${externalId}`);
  });

  it('reports refused credentials as auth', async () => {
    const wrong = createHc3Hypervisor({ ...settings(), password: 'wrong' });
    expect((await failure(wrong.getVm(fake.templateUuid))).kind).toBe('auth');
  });

  it('reports 5xx and an unreachable cluster as unavailable (retryable)', async () => {
    fake.failNextRequests(500, 1);
    const err = await failure(hc3.getVm(fake.templateUuid));
    expect(err.kind).toBe('unavailable');
    expect(err.retryable).toBe(true);
    const nowhere = createHc3Hypervisor({ ...settings(), url: 'http://127.0.0.1:9' });
    expect((await failure(nowhere.getVm('x'))).kind).toBe('unavailable');
  });

  it('a request the cluster does not answer in time is unavailable', async () => {
    fake.delayNextRequests(3000, 1);
    const started = Date.now();
    const err = await failure(createHc3Hypervisor({ ...settings(), requestTimeoutMs: 100 }).getVm(fake.templateUuid));
    expect(err.kind).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a task that fails (ERROR) is rejected and changes nothing', async () => {
    const { externalId } = await create('order-10');
    fake.failNextTask();
    const err = await failure(hc3.stopVm(externalId));
    expect(err.kind).toBe('rejected');
    expect(err.message).toContain('simulated error');
    expect(fake.vms.get(externalId)!.state).toBe('RUNNING');
  });

  it('a task still running after the time-out is unavailable', async () => {
    const { externalId } = await create('order-11');
    fake.stallNextTask();
    const started = Date.now();
    const err = await failure(createHc3Hypervisor({ ...settings(), taskTimeoutMs: 300 }).stopVm(externalId));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toContain('still running after 300 ms');
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('a create interrupted after the clone is finished by the retry (same machine, sized and started)', async () => {
    const uuid = fake.addVm({ name: 'half-made', tags: 'mawingu:order-12', mem: 2 * GIB, numVCPU: 2 }).uuid;
    expect(await create('order-12')).toEqual({ externalId: uuid });
    expect(await hc3.getVm(uuid)).toMatchObject({ state: 'running', cpu: 4, ramGb: 8, diskGb: 50 });
  });

  it('creates a blank machine (POST /VirDomain with memory in bytes and one disk) when the product names no template', async () => {
    const { externalId } = await hc3.createVm({ name: 'blank', cpu: 1, ramGb: 2, diskGb: 30, template: '', idempotencyKey: 'order-13' });
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/VirDomain')!.body as { dom: Record<string, unknown> };
    expect(post.dom).toMatchObject({
      name: 'blank',
      mem: 2 * GIB,
      numVCPU: 1,
      tags: 'mawingu:order-13',
      blockDevs: [{ type: 'VIRTIO_DISK', capacity: 30 * GB }],
    });
    expect(await hc3.getVm(externalId)).toMatchObject({ state: 'running', diskGb: 30 });
  });

  it('refuses a template the cluster does not have', async () => {
    const err = await failure(
      hc3.createVm({ name: 'x', cpu: 1, ramGb: 1, diskGb: 10, template: 'no-such-template', idempotencyKey: 'order-14' }),
    );
    expect(err.kind).toBe('rejected');
  });
});

// HyperCore clusters present self-signed certificates: refused unless the operator says otherwise.
const openssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!openssl)('the HC3 adapter and a self-signed certificate', () => {
  let fake: FakeHc3;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hc3-tls-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1'],
      { stdio: 'ignore' },
    );
    fake = await startFakeHc3({ tls: { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') } });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterAll(() => fake.close());

  it('refuses it by default (unavailable) and accepts it only with insecureTls', async () => {
    const base = { url: fake.url, username: 'admin', password: 'admin', pollIntervalMs: 5, taskTimeoutMs: 300 };
    const strict = await createHc3Hypervisor(base)
      .getVm(fake.templateUuid)
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(strict).toBeInstanceOf(HypervisorError);
    expect((strict as HypervisorError).kind).toBe('unavailable');
    expect((await createHc3Hypervisor({ ...base, insecureTls: true }).getVm(fake.templateUuid))?.name).toBe('ubuntu-template');
  });
});
