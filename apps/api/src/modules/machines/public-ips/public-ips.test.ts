import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '@mawingu/contracts/messages';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { until } from '../../../../test/until.ts';
import { startFakeMeraki } from '../../../../../../tools/fakes/meraki.ts';
import { companies, notifications, publicIps, vms } from '../../../db/schema.ts';
import { createMerakiPublicIp } from '../../../integrations/network/meraki.ts';
import { createSimulatorPublicIp } from '../../../integrations/network/simulator-public-ip.ts';
import { PublicIpError, type PortForwarding, type PublicIp } from '../../../integrations/network/public-ip.ts';
import { assignPublicIpJob } from './assign-job.ts';
import { openVmWorld, type VmWorld } from '../vms/vm-actions.test-helper.ts';
import { createPublicIpService, type PublicIpService } from './service.ts';

/** The network as a test sees it: every forward recorded; the next ones may fail. */
function fakeNetwork() {
  const forwarded: PortForwarding[] = [];
  const released: string[] = [];
  const failures: PublicIpError[] = [];
  const network: PublicIp = {
    provider: 'fake',
    async forward(input) {
      const failure = failures.shift();
      if (failure) throw failure;
      forwarded.push(input);
      return { publicIp: '198.51.100.20' };
    },
    async release(key) {
      released.push(key);
    },
    async findClash() {
      return undefined;
    },
  };
  return {
    network,
    forwarded,
    released,
    failNext: (kind: 'unavailable' | 'rejected') => failures.push(new PublicIpError(kind, `fake ${kind}`, 'fake')),
  };
}

let w: VmWorld;
let net: ReturnType<typeof fakeNetwork>;
let service: PublicIpService;

beforeAll(async () => {
  w = await openVmWorld();
  net = fakeNetwork();
  // This instance forwards through the fake; the request side is the app's own.
  service = createPublicIpService({ db: w.db, queue: w.t.queue, publicIp: net.network, notifications: w.t.modules.identity.notifications });
  await w.t.queue.work([assignPublicIpJob(service)], { pollingIntervalSeconds: 0.5 });
});
afterAll(() => w.t.close());

const valid = (productID: number) => ({
  lanIP: '10.0.0.15',
  hostName: 'payroll',
  tcpPort: '443, 8000-8010',
  udpPort: ['51820'],
  productID,
});
const ipRow = async (vmId: number) => (await w.db.select().from(publicIps).where(eq(publicIps.vmId, vmId)))[0];
const noticesOf = async (vmName: string) =>
  (await w.db.select({ text: notifications.text }).from(notifications).where(eq(notifications.customerId, w.thandi.customerId)))
    .map((n) => n.text)
    .filter((text) => text.includes(vmName));
const settledIp = (vmId: number) =>
  until(async () => {
    const row = await ipRow(vmId);
    return row && row.state !== 'pending' ? row : undefined;
  });

describe('POST /api/allowIP/assignPublicIP', () => {
  it('refuses bad input with the spec’s texts, naming the field', async () => {
    const vm = await w.vm();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lanIP: undefined }, 'lanIP', 'LAN IP Address required'],
      [{ lanIP: '   ' }, 'lanIP', 'LAN IP Address required'],
      [{ lanIP: '10.0.0.256' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ lanIP: '10.0.0' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ lanIP: 'fe80::1' }, 'lanIP', 'Enter Valid LAN IP Address'],
      [{ hostName: '' }, 'hostName', 'Host Name required'],
      [{ tcpPort: '' }, 'tcpPort', 'TCP Ports required'],
      [{ tcpPort: ' , ' }, 'tcpPort', 'TCP Ports required'],
      [{ tcpPort: '80,70000' }, 'tcpPort', messages.portsInvalid],
      [{ tcpPort: '0' }, 'tcpPort', messages.portsInvalid],
      [{ tcpPort: '9000-8000' }, 'tcpPort', messages.portsInvalid],
      [{ udpPort: 'dns' }, 'udpPort', messages.portsInvalid],
    ];
    for (const [change, field, message] of cases) {
      const res = await w.call('allowIP/assignPublicIP', { ...valid(vm.id), ...change });
      expect(res.http, JSON.stringify(change)).toBe(400);
      expect(res.body.data.fieldErrors[field], JSON.stringify(change)).toBe(message);
    }
    expect(await ipRow(vm.id)).toBeUndefined();
  });

  it('assigns through the job: 200 Successfull, pending, then active with the address on Products; a second request is 409', async () => {
    const vm = await w.vm();
    const res = await w.call('allowIP/assignPublicIP', valid(vm.id));
    expect(res.body).toEqual({ status: 200, message: 'Successfull', data: { ID: vm.id, publicIpState: 'pending', ciscoMerakiIP: null } });
    const row = await settledIp(vm.id);
    expect(row).toMatchObject({
      state: 'active',
      publicIp: '198.51.100.20',
      lanIp: '10.0.0.15',
      hostName: 'payroll',
      tcpPorts: ['443', '8000-8010'],
      udpPorts: ['51820'],
      lastError: null,
    });
    expect(net.forwarded.filter((f) => f.key === `vm-${vm.id}`)).toEqual([
      { lanIp: '10.0.0.15', hostName: 'payroll', tcpPorts: ['443', '8000-8010'], udpPorts: ['51820'], key: `vm-${vm.id}` },
    ]);
    const list = getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs')).body).data;
    expect(list.find((v) => v.ID === vm.id)).toMatchObject({ ciscoMerakiIP: '198.51.100.20', publicIpState: 'active' });

    const again = await w.call('allowIP/assignPublicIP', { ...valid(vm.id), lanIP: '10.0.0.16' });
    expect(again.body).toMatchObject({ status: 409, message: messages.publicIpExists });
    expect((await ipRow(vm.id))!.lanIp).toBe('10.0.0.15');

    // The job run twice forwards once.
    await service.runAssign({ vmId: vm.id }, false);
    expect(net.forwarded.filter((f) => f.key === `vm-${vm.id}`)).toHaveLength(1);
  });

  it('in maintenance mode refuses with the spec’s text (409) and records nothing', async () => {
    const vm = await w.vm();
    await w.db.update(companies).set({ runMerakiScript: true }).where(eq(companies.id, w.acme));
    try {
      expect((await w.list('allowIP/getMaintenanceFlag')).body.data).toEqual({ runMerakiScript: 1 });
      const res = await w.call('allowIP/assignPublicIP', valid(vm.id));
      expect(res.body).toMatchObject({ status: 409, message: 'In maintanance mode. please try again later' });
      expect(await ipRow(vm.id)).toBeUndefined();
    } finally {
      await w.db.update(companies).set({ runMerakiScript: false }).where(eq(companies.id, w.acme));
    }
  });

  it('a refused forwarding ends failed with the reason; asked again, it can succeed', async () => {
    const vm = await w.vm();
    net.failNext('rejected');
    expect((await w.call('allowIP/assignPublicIP', valid(vm.id))).http).toBe(200);
    const failed = await settledIp(vm.id);
    expect(failed).toMatchObject({ state: 'failed', publicIp: null, lastError: messages.publicIpNetworkFailed });
    const list = getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs')).body).data;
    expect(list.find((v) => v.ID === vm.id)).toMatchObject({
      ciscoMerakiIP: null,
      publicIpState: 'failed',
      publicIpError: messages.publicIpNetworkFailed,
    });
    expect(await noticesOf(vm.name)).toEqual([fill(messages.publicIpFailed, { name: vm.name, reason: messages.publicIpNetworkFailed })]);

    expect((await w.call('allowIP/assignPublicIP', valid(vm.id))).http).toBe(200);
    expect(await settledIp(vm.id)).toMatchObject({ state: 'active', lastError: null });
    const again = getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs')).body).data;
    expect(again.find((v) => v.ID === vm.id)).toMatchObject({ publicIpState: 'active', publicIpError: null });
  });

  it('an unreachable network is retried (thrown, still pending) until the last attempt marks it failed', async () => {
    const vm = await w.vm();
    await w.db
      .insert(publicIps)
      .values({ companyId: w.acme, vmId: vm.id, lanIp: '10.0.0.30', hostName: 'api', tcpPorts: ['80'], udpPorts: [], state: 'pending' });
    net.failNext('unavailable');
    await expect(service.runAssign({ vmId: vm.id }, false)).rejects.toThrow('fake unavailable');
    expect(await ipRow(vm.id)).toMatchObject({ state: 'pending', lastError: 'fake unavailable' });
    net.failNext('unavailable');
    await service.runAssign({ vmId: vm.id }, true);
    expect(await ipRow(vm.id)).toMatchObject({ state: 'failed', lastError: messages.publicIpNetworkFailed });
  });

  it('refuses a VM not made yet (409) and answers 404 for an unknown VM', async () => {
    const vm = await w.vm();
    await w.db.update(vms).set({ state: 'provisioning' }).where(eq(vms.id, vm.id));
    expect((await w.call('allowIP/assignPublicIP', valid(vm.id))).body).toMatchObject({ status: 409, message: messages.vmNotReady });
    expect((await w.call('allowIP/assignPublicIP', valid(2_000_000_000))).http).toBe(404);
  });

  it('a deleted VM gives its forwarding back to the network', async () => {
    const vm = await w.vm({ state: 'stopped' });
    expect((await w.call('allowIP/assignPublicIP', valid(vm.id))).http).toBe(200);
    await settledIp(vm.id);
    // The VM actions' delete job releases through the app's network; here the fake's, run by hand.
    const { createVmActionService } = await import('../vms/vm-action-service.ts');
    const { createConsoleTokens } = await import('../vms/console-token.ts');
    const actions = createVmActionService({
      db: w.db,
      hypervisors: w.t.modules.machines.hypervisors,
      queue: w.t.queue,
      publicIp: net.network,
      consoleTokens: createConsoleTokens(new TextEncoder().encode('x'.repeat(32))),
      chargedOfOrders: async () => new Map(),
      paidRenewalsOf: async () => [],
    });
    await w.db.update(vms).set({ pendingAction: 'deleting' }).where(eq(vms.id, vm.id));
    await actions.runVmAction({ vmId: vm.id, action: 'delete' }, false);
    expect(net.released).toContain(`vm-${vm.id}`);
    expect(await ipRow(vm.id)).toBeUndefined();
  });
});

describe('a port another VM already forwards', () => {
  const portInUse = (port: string, protocol: string) => fill(messages.publicIpPortInUse, { port, protocol });

  it('simulator network: refused up front with 400 naming the field, nothing recorded, no job', async () => {
    // Another VM of the network (another customer's, even) has TCP 8443 and UDP 5060.
    await createSimulatorPublicIp(w.db).forward({
      key: 'vm-someone-else',
      hostName: 'pbx',
      lanIp: '10.0.0.99',
      tcpPorts: ['8443'],
      udpPorts: ['5060'],
    });
    const vm = await w.vm();
    const tcp = await w.call('allowIP/assignPublicIP', { ...valid(vm.id), tcpPort: '443, 8440-8450', udpPort: [] });
    expect(tcp.http).toBe(400);
    expect(tcp.body.message).toBe(portInUse('8440-8450', 'TCP'));
    expect(tcp.body.data.fieldErrors).toEqual({ tcpPort: portInUse('8440-8450', 'TCP') });
    const udp = await w.call('allowIP/assignPublicIP', { ...valid(vm.id), tcpPort: '443', udpPort: '5060' });
    expect(udp.body.data.fieldErrors).toEqual({ udpPort: portInUse('5060', 'UDP') });
    expect(await ipRow(vm.id)).toBeUndefined();
    expect(
      (
        await w.t.database.executeSql(`select 1 from pgboss.job where name = 'assign-public-ip' and singleton_key = $1`, [
          `public-ip-${vm.id}`,
        ])
      ).rows,
    ).toHaveLength(0);
    // A free port is still accepted.
    expect((await w.call('allowIP/assignPublicIP', { ...valid(vm.id), tcpPort: '8444', udpPort: [] })).http).toBe(200);
  });

  it('simulator network: a port taken between the request and the job ends failed, and the VM row and the bell say why', async () => {
    const simulator = createSimulatorPublicIp(w.db);
    const onSimulator = createPublicIpService({
      db: w.db,
      queue: w.t.queue,
      publicIp: simulator,
      notifications: w.t.modules.identity.notifications,
    });
    const vm = await w.vm();
    await w.db
      .insert(publicIps)
      .values({ companyId: w.acme, vmId: vm.id, lanIp: '10.0.0.31', hostName: 'shop', tcpPorts: ['9443'], udpPorts: [], state: 'pending' });
    await simulator.forward({ key: 'vm-quicker', hostName: 'other', lanIp: '10.0.0.98', tcpPorts: ['9443'], udpPorts: [] });
    await onSimulator.runAssign({ vmId: vm.id }, false);
    expect(await ipRow(vm.id)).toMatchObject({ state: 'failed', publicIp: null, lastError: portInUse('9443', 'TCP') });
    const list = getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs')).body).data;
    expect(list.find((v) => v.ID === vm.id)).toMatchObject({
      publicIpState: 'failed',
      publicIpError: portInUse('9443', 'TCP'),
      ciscoMerakiIP: null,
    });
    expect(await noticesOf(vm.name)).toEqual([fill(messages.publicIpFailed, { name: vm.name, reason: portInUse('9443', 'TCP') })]);
  });

  it('Meraki: a port a hand-made rule takes is refused up front; a clash at PUT time ends failed with the reason', async () => {
    const fake = await startFakeMeraki({
      networks: {
        N_1: [
          {
            name: 'office nas',
            lanIp: '10.0.0.5',
            uplink: 'both',
            publicPort: '445',
            localPort: '445',
            protocol: 'tcp',
            allowedIps: ['any'],
          },
        ],
      },
    });
    try {
      const meraki = createMerakiPublicIp({
        apiKey: 'fake-meraki-key',
        networkId: 'N_1',
        publicIp: '198.51.100.7',
        baseUrl: fake.url,
        backoffBaseMs: 5,
        backoffMaxMs: 20,
      });
      const onMeraki = createPublicIpService({
        db: w.db,
        queue: w.t.queue,
        publicIp: meraki,
        notifications: w.t.modules.identity.notifications,
      });
      const vm = await w.vm();
      const refused = await onMeraki
        .assign(
          { companyId: w.acme, customerId: w.thandi.customerId },
          { productID: vm.id, lanIP: '10.0.0.40', hostName: 'files', tcpPort: ['445'], udpPort: [] },
        )
        .then(
          () => undefined,
          (e: unknown) => e as { statusCode: number; message: string; fieldErrors?: Record<string, string> },
        );
      expect(refused).toMatchObject({ message: portInUse('445', 'TCP') });
      expect(await ipRow(vm.id)).toBeUndefined();

      // Taken on the MX after the request was accepted: Meraki's PUT refuses, the job says why.
      await w.db.insert(publicIps).values({
        companyId: w.acme,
        vmId: vm.id,
        lanIp: '10.0.0.40',
        hostName: 'files',
        tcpPorts: ['8445'],
        udpPorts: [],
        state: 'pending',
      });
      fake.rules.get('N_1')!.push({
        name: 'by hand',
        lanIp: '10.0.0.6',
        uplink: 'both',
        publicPort: '8445',
        localPort: '8445',
        protocol: 'tcp',
        allowedIps: ['any'],
      });
      await onMeraki.runAssign({ vmId: vm.id }, false);
      expect(await ipRow(vm.id)).toMatchObject({ state: 'failed', lastError: portInUse('8445', 'TCP') });
      expect(await noticesOf(vm.name)).toEqual([fill(messages.publicIpFailed, { name: vm.name, reason: portInUse('8445', 'TCP') })]);
      expect(fake.rules.get('N_1')!.filter((r) => String(r.name).startsWith(`vm-${vm.id}`))).toEqual([]);
    } finally {
      await fake.close();
    }
  });
});
