import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { orderLines, orderVms, vmBackups, vmDisks, vms } from '../../../db/schema.ts';
import { backupPayload, openChangeWorld, updatePayload, ZEBRA, type ChangeWorld } from './vm-changes.test-helper.ts';

let w: ChangeWorld;
beforeAll(async () => {
  w = await openChangeWorld();
});
afterAll(() => w.close());

// 30 days left: 2 → 4 vCPU = 240.00, 4 → 8 GB = 180.00, 50 → 60 GB = 15.00; VAT 15 % of 435.00.
const RESIZE = { cost: '435.00', tax: '65.25', total: '500.25' };
// Weekly × 2 = 336 h of 720: 2 × 120 × 336/720 = 112.00, 4 × 45 × … = 84.00, 50 × 1.50 × … = 35.00.
const CLONE = { cost: '231.00', tax: '34.65', total: '265.65' };
// 50 GB × R1.50.
const SNAPSHOT = { cost: '75.00', tax: '11.25', total: '86.25' };

describe('the detail calls of the update, clone and snapshot pages', () => {
  it('give the VM’s own sizes with the product’s current sliders, its region’s tax, remaining days and the clone choices', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who, 'detail-vm');
    for (const path of ['getVMDetailForUpdateVM', 'getVMDetailForCloneVm', 'getVMDetailForSnapshotVm']) {
      const res = await w.call(who, path, { productID: vm.id });
      expect(res.http, path).toBe(200);
      const data = res.body.data;
      expect(data.VMProductDetail).toMatchObject({
        ID: vm.id,
        vmName: 'detail-vm',
        productName: 'Ubuntu Change',
        ram_Count: 4,
        cpu_Count: 2,
        disk_Count: 50,
        currency: 'ZAR',
        taxValue: '15.00',
        regionName: 'South Africa',
        drive_Cost_PerUnit: '1.5000',
        validity: 30,
      });
      expect(data.remainingDays).toBe(30);
      expect(data.vmSpec.find((s: { specificationName: string }) => s.specificationName === 'Disk')).toMatchObject({
        minValue: 20,
        maxValue: 500,
        size: 10,
        costPerUnit: '1.5000',
      });
      expect(data.ramCpuDependecy).toEqual([{ ramStartLimit: 12, ramEndLimit: 16, cpuCount: 4 }]);
      expect(data.country).toEqual([
        {
          countryID: w.ids.za,
          countryName: 'South Africa',
          taxValue: '15.00',
          currency: 'ZAR',
          paymentGateway: [],
        },
      ]);
      expect(data.byPassflag).toBe(1);
      expect(data.cloneDuration).toContain(7);
      expect(data.cloneType).toEqual(['daily', 'weekly', 'monthly']);
      expect(data.addedDisks).toEqual([]);
    }
  });

  it('answer 404 for another customer’s VM and for another company’s, 403 for a blocked one', async () => {
    const owner = await w.customer();
    const vm = await w.vmOf(owner);
    const other = await w.customer();
    const elsewhere = await w.customer(w.ids.zebra);
    for (const path of ['getVMDetailForUpdateVM', 'getVMDetailForCloneVm', 'getVMDetailForSnapshotVm']) {
      const mine = await w.call(other, path, { productID: vm.id });
      expect(mine.http).toBe(404);
      expect(mine.body.message).toBe(messages.vmNotFound);
      expect((await w.call(elsewhere, path, { productID: vm.id }, ZEBRA)).http).toBe(404);
    }
    await w.db.update(vms).set({ blocked: true }).where(eq(vms.id, vm.id));
    for (const path of ['getVMDetailForUpdateVM', 'getVMDetailForCloneVm', 'getVMDetailForSnapshotVm']) {
      const res = await w.call(owner, path, { productID: vm.id });
      expect(res.http).toBe(403);
      expect(res.body.message).toBe(messages.vmBlocked);
    }
    expect((await w.call(owner, 'updateVM', updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, RESIZE))).http).toBe(403);
    expect((await w.call(owner, 'createOrderForSnapshotVM', backupPayload(vm.id, SNAPSHOT))).http).toBe(403);
  });

  it('refuses a second clone or snapshot while one is there (409, Clone Available), but lets the VM be updated', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const first = await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, SNAPSHOT));
    expect(first.http).toBe(200);
    // The snapshot it bought is ready on the Backup tab.
    await w.db.insert(vmBackups).values({
      companyId: vm.companyId,
      customerId: vm.customerId,
      vmId: vm.id,
      orderId: first.body.data.orderID as number,
      kind: 'snapshot',
      name: vm.name,
      cpu: vm.cpu,
      ramGb: vm.ramGb,
      diskGb: vm.diskGb,
      externalId: 'sim-snapshot-ready',
      state: 'ready',
    });
    for (const path of ['getVMDetailForCloneVm', 'getVMDetailForSnapshotVm']) {
      const res = await w.call(who, path, { productID: vm.id });
      expect(res.http).toBe(409);
      expect(res.body.message).toBe(messages.copyExists);
    }
    expect((await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, SNAPSHOT))).http).toBe(409);
    const update = await w.call(who, 'getVMDetailForUpdateVM', { productID: vm.id });
    expect(update.http).toBe(200);
    expect(update.body.data.isClone).toBe(1);
    // Once it is deleted, a new copy may be bought.
    await w.db.update(vmBackups).set({ state: 'deleted' }).where(eq(vmBackups.vmId, vm.id));
    expect((await w.call(who, 'getVMDetailForCloneVm', { productID: vm.id })).http).toBe(200);
  });
});

describe('updateVM', () => {
  it('prices only the changed lines over the remaining days and stores the order, its lines and its VM', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(who, 'updateVM', updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, RESIZE));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 4,
      cost: '435.00',
      taxAmount: '65.25',
      amount: '500.25',
      currencyCode: 'ZAR',
      timePeriod: 30,
      byPassFlag: 1,
    });
    expect(res.body.data.lines).toEqual([
      { name: 'Processor', unit: 'vCPU', count: 4, amount: '240.00' },
      { name: 'Memory', unit: 'GB', count: 8, amount: '180.00' },
      { name: 'Disk', unit: 'GB', count: 60, amount: '15.00' },
    ]);
    const orderId = res.body.data.orderID as number;
    const [target] = await w.db.select().from(orderVms).where(eq(orderVms.orderId, orderId));
    expect(target).toMatchObject({
      vmId: vm.id,
      price: '435.00',
      tax: '65.25',
      total: '500.25',
      fulfilledAt: null,
    });
    expect(target!.details).toEqual({
      updateType: 'RamAndCpu',
      cpu: 4,
      ramGb: 8,
      diskGb: 60,
      addDiskGb: 0,
    });
    expect(await w.db.select().from(orderLines).where(eq(orderLines.orderId, orderId))).toHaveLength(3);
  });

  it('lists only what changed: memory alone is one line', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    // 4 → 6 GB: 2 × 45 = 90.00; VAT 13.50.
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 6, disk: 50 }, { cost: '90.00', tax: '13.50', total: '103.50' }),
    );
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.lines).toEqual([{ name: 'Memory', unit: 'GB', count: 6, amount: '90.00' }]);
  });

  it('refuses sizes off the sliders, a processor count the memory does not allow, a smaller disk, and no change', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const off = await w.call(who, 'updateVM', updatePayload(vm.id, { cpu: 9, ram: 4, disk: 55 }, RESIZE));
    expect(off.http).toBe(400);
    expect(off.body.data.fieldErrors).toEqual({
      processorCount: 'Processor must be from 1 to 8 in steps of 1',
      diskCount: 'Disk must be from 20 to 500 in steps of 10',
    });
    const ranged = await w.call(who, 'updateVM', updatePayload(vm.id, { cpu: 2, ram: 12, disk: 50 }, RESIZE));
    expect(ranged.http).toBe(400);
    expect(ranged.body.data.fieldErrors.processorCount).toBe('Processor must be 4 for 12 GB of memory');
    const shrink = await w.call(who, 'updateVM', updatePayload(vm.id, { cpu: 2, ram: 4, disk: 40 }, RESIZE));
    expect(shrink.http).toBe(400);
    expect(shrink.body.data.fieldErrors.diskCount).toBe('Disk cannot be smaller than the current 50 GB');
    const same = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 4, disk: 50 }, { cost: '0.00', tax: '0.00', total: '0.00' }),
    );
    expect(same.http).toBe(400);
    expect(same.body.message).toBe(messages.updateNothingChanged);
  });

  it('refuses a sent amount a cent off with 422 naming the field', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(who, 'updateVM', updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, { ...RESIZE, total: '500.24' }));
    expect(res.http).toBe(422);
    expect(res.body.data.fieldErrors).toEqual({
      totalAmount: 'Total amount does not match the current price (500.25 ZAR). Please go back and check your configuration.',
    });
  });

  it('adds one disk of diskCount GB priced from 0, and refuses a third disk with the spec’s note', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    // 100 GB × R1.50 × 30/30 = 150.00; VAT 22.50.
    const res = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 4, disk: 100 }, { cost: '150.00', tax: '22.50', total: '172.50' }, 'Disk'),
    );
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data.lines).toEqual([{ name: 'Disk', unit: 'GB', count: 100, amount: '150.00' }]);
    const [target] = await w.db.select().from(orderVms).where(eq(orderVms.orderId, res.body.data.orderID));
    expect(target!.details).toEqual({
      updateType: 'Disk',
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
      addDiskGb: 100,
    });

    const tooBig = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 4, disk: 510 }, { cost: '0.00', tax: '0.00', total: '0.00' }, 'Disk'),
    );
    expect(tooBig.http).toBe(400);
    expect(tooBig.body.data.fieldErrors.diskCount).toBe('Added disk must be from 10 to 500 GB in steps of 10');

    await w.db.insert(vmDisks).values([
      {
        companyId: w.ids.acme,
        vmId: vm.id,
        orderId: res.body.data.orderID,
        slot: 1,
        sizeGb: 100,
        state: 'attached',
      },
      {
        companyId: w.ids.acme,
        vmId: vm.id,
        orderId: (
          await w.call(
            who,
            'updateVM',
            updatePayload(vm.id, { cpu: 2, ram: 4, disk: 10 }, { cost: '15.00', tax: '2.25', total: '17.25' }, 'Disk'),
          )
        ).body.data.orderID,
        slot: 2,
        sizeGb: 10,
        state: 'attached',
      },
    ]);
    const third = await w.call(
      who,
      'updateVM',
      updatePayload(vm.id, { cpu: 2, ram: 4, disk: 100 }, { cost: '150.00', tax: '22.50', total: '172.50' }, 'Disk'),
    );
    expect(third.http).toBe(400);
    expect(third.body.message).toBe(messages.maxTwoDisks);
    expect(third.body.data.fieldErrors).toEqual({
      diskCount: messages.maxTwoDisks,
    });
  });

  it('is 404 for another customer’s VM', async () => {
    const owner = await w.customer();
    const vm = await w.vmOf(owner);
    const res = await w.call(await w.customer(), 'updateVM', updatePayload(vm.id, { cpu: 4, ram: 8, disk: 60 }, RESIZE));
    expect(res.http).toBe(404);
  });
});

describe('createOrderForcloneVM and createOrderForSnapshotVM', () => {
  it('prices a clone per hour of its period × duration and stores its settings', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(
      who,
      'createOrderForcloneVM',
      backupPayload(vm.id, CLONE, {
        cloneDuration: 2,
        cloneDurationType: 'Weekly',
      }),
    );
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 2,
      cost: '231.00',
      taxAmount: '34.65',
      amount: '265.65',
      timePeriod: 14,
    });
    expect(res.body.data.lines.map((l: { amount: string }) => l.amount)).toEqual(['112.00', '84.00', '35.00']);
    const [target] = await w.db.select().from(orderVms).where(eq(orderVms.orderId, res.body.data.orderID));
    expect(target!.details).toEqual({
      backupKind: 'clone',
      cloneDuration: 2,
      cloneType: 'weekly',
    });
  });

  it('needs a duration and a type, with the spec’s messages', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const none = await w.call(
      who,
      'createOrderForcloneVM',
      backupPayload(vm.id, CLONE, {
        cloneDuration: 0,
        cloneDurationType: 'Time (In Days)',
      }),
    );
    expect(none.http).toBe(400);
    expect(none.body.message).toBe('Please select duration days');
    expect(none.body.data.fieldErrors).toEqual({
      cloneDuration: 'Please select duration days',
      cloneDurationType: 'Please select clone vm type',
    });
    const noType = await w.call(who, 'createOrderForcloneVM', backupPayload(vm.id, CLONE, { cloneDuration: 2 }));
    expect(noType.http).toBe(400);
    expect(noType.body.message).toBe('Please select clone vm type');
  });

  it('prices a snapshot as disk × drive cost; a cent off is 422 naming the field', async () => {
    const who = await w.customer();
    const vm = await w.vmOf(who);
    const res = await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, SNAPSHOT));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 2,
      cost: '75.00',
      taxAmount: '11.25',
      amount: '86.25',
    });
    expect(res.body.data.lines).toEqual([{ name: 'Disk', unit: 'GB', count: 50, amount: '75.00' }]);
    const off = await w.call(who, 'createOrderForSnapshotVM', backupPayload(vm.id, { ...SNAPSHOT, tax: '11.26' }));
    expect(off.http).toBe(422);
    expect(Object.keys(off.body.data.fieldErrors)).toEqual(['taxAmount']);
  });

  it('is 404 for another company’s customer', async () => {
    const owner = await w.customer();
    const vm = await w.vmOf(owner);
    const res = await w.call(await w.customer(w.ids.zebra), 'createOrderForSnapshotVM', backupPayload(vm.id, SNAPSHOT), ZEBRA);
    expect(res.http).toBe(404);
  });
});
