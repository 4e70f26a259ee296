import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { until } from '../../../test/until.ts';
import { companies, publicIps, vms } from '../../db/schema.ts';
import { PublicIpError, type PortForwarding, type PublicIp } from '../../integrations/network/public-ip.ts';
import { assignPublicIpJob } from '../../jobs/assign-public-ip.ts';
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
  };
  return { network, forwarded, released, failNext: (kind: 'unavailable' | 'rejected') => failures.push(new PublicIpError(kind, `fake ${kind}`, 'fake')) };
}

let w: VmWorld;
let net: ReturnType<typeof fakeNetwork>;
let service: PublicIpService;

beforeAll(async () => {
  w = await openVmWorld();
  net = fakeNetwork();
  // This instance forwards through the fake; the request side is the app's own.
  service = createPublicIpService({ db: w.db, queue: w.t.queue, publicIp: net.network });
  await w.t.queue.work([assignPublicIpJob(service)], { pollingIntervalSeconds: 0.5 });
});
afterAll(() => w.t.close());

const valid = (productID: number) => ({ lanIP: '10.0.0.15', hostName: 'payroll', tcpPort: '443, 8000-8010', udpPort: ['51820'], productID });
const ipRow = async (vmId: number) => (await w.db.select().from(publicIps).where(eq(publicIps.vmId, vmId)))[0];
const settledIp = (vmId: number) => until(async () => {
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
    expect(row).toMatchObject({ state: 'active', publicIp: '198.51.100.20', lanIp: '10.0.0.15', hostName: 'payroll', tcpPorts: ['443', '8000-8010'], udpPorts: ['51820'], lastError: null });
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
    expect(failed).toMatchObject({ state: 'failed', publicIp: null, lastError: 'fake rejected' });
    const list = getUserVMsResponse.parse((await w.list('virtualMachine/getUserVMs')).body).data;
    expect(list.find((v) => v.ID === vm.id)).toMatchObject({ ciscoMerakiIP: null, publicIpState: 'failed' });

    expect((await w.call('allowIP/assignPublicIP', valid(vm.id))).http).toBe(200);
    expect(await settledIp(vm.id)).toMatchObject({ state: 'active', lastError: null });
  });

  it('an unreachable network is retried (thrown, still pending) until the last attempt marks it failed', async () => {
    const vm = await w.vm();
    await w.db.insert(publicIps).values({ companyId: w.acme, vmId: vm.id, lanIp: '10.0.0.30', hostName: 'api', tcpPorts: ['80'], udpPorts: [], state: 'pending' });
    net.failNext('unavailable');
    await expect(service.runAssign({ vmId: vm.id }, false)).rejects.toThrow('fake unavailable');
    expect(await ipRow(vm.id)).toMatchObject({ state: 'pending', lastError: 'fake unavailable' });
    net.failNext('unavailable');
    await service.runAssign({ vmId: vm.id }, true);
    expect(await ipRow(vm.id)).toMatchObject({ state: 'failed', lastError: 'fake unavailable' });
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
      hypervisors: w.t.app.services.hypervisors,
      queue: w.t.queue,
      publicIp: net.network,
      consoleTokens: createConsoleTokens(new TextEncoder().encode('x'.repeat(32))),
    });
    await w.db.update(vms).set({ pendingAction: 'deleting' }).where(eq(vms.id, vm.id));
    await actions.runVmAction({ vmId: vm.id, action: 'delete' }, false);
    expect(net.released).toContain(`vm-${vm.id}`);
    expect(await ipRow(vm.id)).toBeUndefined();
  });
});
