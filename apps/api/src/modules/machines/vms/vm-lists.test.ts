import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getArchivedVMsResponse, getRenewalsResponse, getUserBackupsResponse } from '@mawingu/contracts/vm-actions';
import { orders, orderVms, paymentAttempts, publicIps, vmBackups, vms } from '../../../db/schema.ts';
import { openVmWorld, vmLookups, type VmWorld } from './vm-actions.test-helper.ts';

let w: VmWorld;
beforeAll(async () => {
  w = await openVmWorld();
});
afterAll(() => w.t.close());

const { productsOf } = vmLookups(() => w);

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
