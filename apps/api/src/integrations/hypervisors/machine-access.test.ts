import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from 'unixcrypt';
import { startFakeHc3, type FakeHc3 } from '../../../../../tools/fakes/hc3.ts';
import { startFakeOpenNebula, type FakeOpenNebula } from '../../../../../tools/fakes/opennebula.ts';
import { createHc3Hypervisor } from './hc3.ts';
import type { MachineAccess } from './hypervisor.ts';
import { createNodeWeaverHypervisor } from './nodeweaver.ts';
import { createOpenNebulaHypervisor } from './opennebula.ts';

const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOg+plIo0dPCOhb/tbdzOyJqCXafez7MOHkitE4teytL alice@laptop';
const OTHER = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDUxzNs+yn6qviF3oa2mimBnsbhfDrU+fph2t9+UW7E/ bob@desk';
// `openssl passwd -6 -salt 3vT/8ZS1fJytXpfg secret`: the adapters pass the hash on untouched.
const CRYPTED = '$6$3vT/8ZS1fJytXpfg$rStTSAG4RWojhUR2Dg.ZZQvOOljCm521l1NLxuSOOyKFHczBRlejg0rIrhbtwT6sSWUV9gt5IPBArfzIWTCby1';
const access: MachineAccess = { user: 'admin', cryptedPassword: CRYPTED, sshPublicKeys: [ED25519, OTHER] };

const fromBase64 = (v: string | undefined) => Buffer.from(v ?? '', 'base64').toString('utf8');
/** The #cloud-config document as cloud-init reads it (JSON is YAML). */
const cloudConfig = (text: string) => {
  expect(text.startsWith('#cloud-config\n')).toBe(true);
  return JSON.parse(text.slice('#cloud-config\n'.length)) as { users: [string, Record<string, unknown>]; ssh_pwauth: boolean };
};

describe('the VM login reaches the guest (ADR 0100)', () => {
  let one: FakeOpenNebula;
  let hc3: FakeHc3;
  const oneSettings = () => ({ url: one.url, username: 'oneadmin', password: 'opennebula', pollIntervalMs: 5, taskTimeoutMs: 5000 });

  beforeAll(async () => {
    [one, hc3] = await Promise.all([startFakeOpenNebula({ transitionPolls: 1 }), startFakeHc3({ taskPolls: 1 })]);
  });
  afterAll(() => Promise.all([one.close(), hc3.close()]));

  it('OpenNebula: CONTEXT keeps the template’s own and adds USERNAME, the crypted password, the keys and cloud-init user data', async () => {
    const adapter = createOpenNebulaHypervisor(oneSettings());
    const { externalId } = await adapter.createVm({
      name: 'Web 01',
      cpu: 1,
      ramGb: 1,
      diskGb: 10,
      template: '0',
      idempotencyKey: 'k-1',
      access,
    });
    const context = one.vms.get(Number(externalId))!.context;
    expect(context).toMatchObject({ NETWORK: 'YES', START_SCRIPT: 'echo template-script', SET_HOSTNAME: 'web-01', USERNAME: 'admin' });
    expect(fromBase64(context.CRYPTED_PASSWORD_BASE64)).toBe(CRYPTED);
    expect(verify('secret', fromBase64(context.CRYPTED_PASSWORD_BASE64))).toBe(true);
    expect(context.SSH_PUBLIC_KEY).toBe(`${ED25519}\n${OTHER}`);
    expect(context.USERDATA_ENCODING).toBe('base64');
    const [, user] = cloudConfig(fromBase64(context.USER_DATA)).users;
    expect(user).toMatchObject({ name: 'admin', passwd: CRYPTED, lock_passwd: false, ssh_authorized_keys: [ED25519, OTHER] });
    // Never the password itself, anywhere in what OpenNebula was sent.
    expect(JSON.stringify(one.calls)).not.toContain('"secret"');
    expect((await adapter.getVm(externalId))?.address).toBe(`10.0.0.${externalId}`);
  });

  it('OpenNebula: a reset replaces the login in the VM’s CONTEXT through one.vm.updateconf, keeping the rest', async () => {
    const adapter = createOpenNebulaHypervisor(oneSettings());
    const { externalId } = await adapter.createVm({
      name: 'db',
      cpu: 1,
      ramGb: 1,
      diskGb: 10,
      template: '0',
      idempotencyKey: 'k-2',
      access,
    });
    const again = { ...access, cryptedPassword: '$6$abc$def', sshPublicKeys: [] };
    await adapter.setAccess!(externalId, again);
    const call = one.calls.filter((c) => c.method === 'one.vm.updateconf').at(-1)!;
    expect(call.params.slice(0, 2)).toEqual(['oneadmin:opennebula', Number(externalId)]);
    const context = one.vms.get(Number(externalId))!.context;
    expect(fromBase64(context.CRYPTED_PASSWORD_BASE64)).toBe('$6$abc$def');
    expect(context).toMatchObject({ NETWORK: 'YES', USERNAME: 'admin' });
  });

  it('NodeWeaver (OpenNebula inside) passes the same CONTEXT', async () => {
    const adapter = createNodeWeaverHypervisor(oneSettings());
    const { externalId } = await adapter.createVm({
      name: 'nw',
      cpu: 1,
      ramGb: 1,
      diskGb: 10,
      template: '0',
      idempotencyKey: 'k-3',
      access,
    });
    expect(one.vms.get(Number(externalId))!.context).toMatchObject({ USERNAME: 'admin', SSH_PUBLIC_KEY: `${ED25519}\n${OTHER}` });
  });

  it('OpenNebula users: one.user.allocate(name, password, "core", []) once; a retry sets the password on the same user; chown hands the VM over', async () => {
    const adapter = createOpenNebulaHypervisor(oneSettings());
    const users = adapter.cloudUsers!;
    const { userId } = await users.register({ username: 'mw-1-7', password: 'first-pass' });
    const allocate = one.calls.find((c) => c.method === 'one.user.allocate')!;
    expect(allocate.params).toEqual(['oneadmin:opennebula', 'mw-1-7', 'first-pass', 'core', []]);
    expect(one.users.get(Number(userId))).toMatchObject({ name: 'mw-1-7', password: 'first-pass', driver: 'core' });

    expect(await users.register({ username: 'mw-1-7', password: 'second-pass' })).toEqual({ userId });
    expect(one.users.get(Number(userId))!.password).toBe('second-pass');
    expect([...one.users.values()].filter((u) => u.name === 'mw-1-7')).toHaveLength(1);

    const { externalId } = await adapter.createVm({ name: 'mine', cpu: 1, ramGb: 1, diskGb: 10, template: '0', idempotencyKey: 'k-4' });
    await users.grantMachine(externalId, userId);
    expect(one.vms.get(Number(externalId))!.uid).toBe(Number(userId));
    expect(users.portalUrl()).toBe(`http://127.0.0.1:2616/fireedge/sunstone`);
  });

  it('HC3: cloudInitData (base64 user and meta data) on the clone of the template and on a blank create', async () => {
    const adapter = createHc3Hypervisor({ url: hc3.url, username: 'admin', password: 'admin', pollIntervalMs: 5, taskTimeoutMs: 5000 });
    const cloned = await adapter.createVm({
      name: 'App 1',
      cpu: 2,
      ramGb: 2,
      diskGb: 20,
      template: 'ubuntu-template',
      idempotencyKey: 'k-5',
      access,
    });
    const blank = await adapter.createVm({ name: 'blank', cpu: 1, ramGb: 1, diskGb: 10, template: '', idempotencyKey: 'k-6', access });
    for (const { externalId } of [cloned, blank]) {
      const data = hc3.vms.get(externalId)!.cloudInitData!;
      const [, user] = cloudConfig(fromBase64(data.userData)).users;
      expect(user).toMatchObject({ name: 'admin', passwd: CRYPTED, ssh_authorized_keys: [ED25519, OTHER] });
      expect(fromBase64(data.metaData)).toContain('instance-id: k-');
    }
    expect(fromBase64(hc3.vms.get(cloned.externalId)!.cloudInitData!.metaData)).toContain('local-hostname: app-1');
    expect(adapter.setAccess).toBeUndefined();
  });
});
