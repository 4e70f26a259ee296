import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, vms } from '../../../db/schema.ts';
import { ago, ahead, DAY, HOUR, openRenewWorld, ZEBRA, type RenewWorld } from './renewals.test-helper.ts';

let w: RenewWorld;
beforeAll(async () => {
  w = await openRenewWorld();
}, 60_000);
afterAll(() => w.close());

/**
 * Figures by hand (RAND_SPECS: R120 a vCPU, R45 a GB of memory, R1.50 a GB of disk per 30 days; VAT 15 %).
 * 4 GB, 2 vCPU, 50 GB for 30 days: 180 + 240 + 75 = 495.00; tax 74.25; no discount on renewals.
 * Expired 3 days: arrears = (495 + 74.25) / 30 × 3 = 56.925 → 56.93; total 626.18.
 */
const renewPayload = (vmId: number, over: Record<string, unknown> = {}) => ({
  clientVMID: vmId,
  productName: 'Ubuntu Renew',
  ramCount: 4,
  ramUnit: 'GB',
  processorCount: 2,
  processorUnit: 'cores',
  diskCount: 50,
  diskUnit: 'GB',
  timePeriod: 30,
  cost: '495.00',
  taxAmount: '74.25',
  totalAmount: '626.18',
  currency: 'ZAR',
  daysExtended: 3,
  paymentGateway: 'PayFast Payment',
  byPassflag: 0,
  microsoftLicense: 0,
  ...over,
});

describe('getVMDetailForRenew', () => {
  it('gives the VM’s own configuration at current costs, its region with tax and gateways, and the arrears days', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const res = await w.call(buyer, 'getVMDetailForRenew', { productID: vm.id });
    expect(res.http, res.body.message).toBe(200);
    const data = res.body.data;
    expect(data.VMProductDetail).toMatchObject({
      ID: vm.id,
      productName: 'Ubuntu Renew',
      vmName: vm.name,
      vm_Cost: '495.00',
      vm_RAM_Count: 4,
      vm_CPU_Count: 2,
      vm_Driver_Count: 50,
      vm_currency: 'ZAR',
      taxValue: '15.00',
      regionName: 'South Africa',
      daysExtended: 3,
    });
    expect(data.daysExtended).toBe(3);
    expect(
      data.vmSpec.map((r: { specificationName: string; specificationCount: number; totalCost: string }) => [
        r.specificationName,
        r.specificationCount,
        r.totalCost,
      ]),
    ).toEqual([
      ['Processor', 2, '240.00'],
      ['Memory', 4, '180.00'],
      ['Disk', 50, '75.00'],
    ]);
    expect(data.country).toEqual([
      {
        countryID: w.ids.za,
        countryName: 'South Africa',
        taxValue: '15.00',
        currency: 'ZAR',
        paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
      },
    ]);
    expect(data.paymentGateway).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
    expect(data.timePeriod.map((p: { TimePeriod: number }) => p.TimePeriod)).toEqual([30, 90]);
    expect(data.byPassflag).toBe(0);
  });

  it('counts no arrears for a VM that has not ended', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ahead(2 * DAY) });
    const res = await w.call(buyer, 'getVMDetailForRenew', { productID: vm.id });
    expect(res.body.data.daysExtended).toBe(0);
  });

  it('is a 404 for another customer’s VM and for a VM of another company, a 403 when blocked, a 409 when already renewed', async () => {
    const owner = await w.customer(w.ids.acme);
    const other = await w.customer(w.ids.acme);
    const stranger = await w.customer(w.ids.zebra);
    const vm = await w.vmOf(owner, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ahead(DAY) });
    expect((await w.call(other, 'getVMDetailForRenew', { productID: vm.id })).http).toBe(404);
    expect((await w.call(stranger, 'getVMDetailForRenew', { productID: vm.id }, ZEBRA)).http).toBe(404);

    const blocked = await w.vmOf(owner, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ahead(DAY), blocked: true });
    const refused = await w.call(owner, 'getVMDetailForRenew', { productID: blocked.id });
    expect(refused.http).toBe(403);
    expect(refused.body.message).toBe('This virtual machine has been blocked by the admin.');

    const renewed = await w.vmOf(owner, {
      productId: w.products.ubuntu,
      regionId: w.ids.za,
      endAt: ahead(31 * DAY),
      renewedFrom: ahead(DAY),
    });
    const again = await w.call(owner, 'getVMDetailForRenew', { productID: renewed.id });
    expect(again.http).toBe(409);
    expect(again.body.message).toBe(
      'This virtual machine is already renewed. It can be renewed again once its renewed period has started.',
    );
    // Once the renewed period has started it may be renewed again.
    await w.db
      .update(vms)
      .set({ renewedFrom: ago(HOUR) })
      .where(eq(vms.id, renewed.id));
    expect((await w.call(owner, 'getVMDetailForRenew', { productID: renewed.id })).http).toBe(200);
  });

  it('refuses a productID that is not a number with a 400 naming it', async () => {
    const buyer = await w.customer(w.ids.acme);
    const res = await w.call(buyer, 'getVMDetailForRenew', { productID: 'abc' });
    expect(res.http).toBe(400);
    expect(res.body.data.fieldErrors).toHaveProperty('productID');
  });
});

describe('renewVM', () => {
  it('creates a kind-3 order priced by the server: price, tax, arrears and total to the cent, one order_vms row', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const res = await w.call(buyer, 'renewVM', renewPayload(vm.id));
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.message).toBe('Order created');
    const order = res.body.data;
    expect(order).toMatchObject({
      kind: 3,
      status: 'created',
      vmName: vm.name,
      timePeriod: 30,
      currencyCode: 'ZAR',
      tax: '15.00',
      cost: '495.00',
      taxAmount: '74.25',
      arrears: '56.93',
      discount: '0.00',
      amount: '626.18',
      paymentMode: 'PayFast Payment',
      byPassFlag: 0,
    });
    expect(order.lines.map((l: { name: string; amount: string }) => [l.name, l.amount])).toEqual([
      ['Processor', '240.00'],
      ['Memory', '180.00'],
      ['Disk', '75.00'],
    ]);
    expect(await w.partsOf(order.orderID)).toEqual([
      expect.objectContaining({
        vmId: vm.id,
        price: '495.00',
        tax: '74.25',
        arrears: '56.93',
        total: '626.18',
        daysAdded: 30,
        daysExtended: 3,
        fulfilledAt: null,
      }),
    ]);
    // The purchase details page reads it again like any order.
    const again = await w.call(buyer, 'getOrderDetail', { orderID: order.orderID });
    expect(again.body.data).toEqual(order);
  });

  it('prices 90 days with the arrears of that bill: (1485 + 222.75) / 30 × 3 = 170.78', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const res = await w.call(
      buyer,
      'renewVM',
      renewPayload(vm.id, { timePeriod: 90, cost: '1485.00', taxAmount: '222.75', totalAmount: '1878.53' }),
    );
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ arrears: '170.78', amount: '1878.53' });
  });

  it('refuses a figure one cent off with a 422 naming the field, and a stale arrears day count naming daysExtended', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const total = await w.call(buyer, 'renewVM', renewPayload(vm.id, { totalAmount: '626.17' }));
    expect(total.http).toBe(422);
    expect(total.body.data.fieldErrors).toEqual({
      totalAmount: 'Total amount does not match the current price (626.18 ZAR). Please go back and check your configuration.',
    });
    const tax = await w.call(buyer, 'renewVM', renewPayload(vm.id, { taxAmount: 74.26 }));
    expect(tax.http).toBe(422);
    expect(Object.keys(tax.body.data.fieldErrors)).toEqual(['taxAmount']);
    const days = await w.call(buyer, 'renewVM', renewPayload(vm.id, { daysExtended: 2 }));
    expect(days.http).toBe(422);
    expect(days.body.data.fieldErrors.daysExtended).toBe(
      'The virtual machine has been expired for 3 days now. Please go back and check the renewal.',
    );
    const penalty = await w.call(buyer, 'renewVM', renewPayload(vm.id, { penaltyCostRenew: '56.92' }));
    expect(penalty.body.data.fieldErrors).toHaveProperty('penaltyCostRenew');
    expect(await w.db.select().from(vms).where(eq(vms.id, vm.id))).toHaveLength(1);
  });

  it('refuses sizes or a region that are not the VM’s (400 naming the field), an unknown period and an unoffered gateway', async () => {
    const buyer = await w.customer(w.ids.acme);
    const vm = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const size = await w.call(buyer, 'renewVM', renewPayload(vm.id, { ramCount: 8 }));
    expect(size.http).toBe(400);
    expect(size.body.data.fieldErrors).toEqual({ ramCount: 'Memory must be 4 GB, the size of the virtual machine' });
    const region = await w.call(buyer, 'renewVM', renewPayload(vm.id, { region: w.ids.ke }));
    expect(region.http).toBe(400);
    expect(region.body.data.fieldErrors).toHaveProperty('region');
    const period = await w.call(buyer, 'renewVM', renewPayload(vm.id, { timePeriod: 45 }));
    expect(period.http).toBe(400);
    expect(period.body.data.fieldErrors).toEqual({ timePeriod: 'Choose a time period from the list' });
    const gateway = await w.call(buyer, 'renewVM', renewPayload(vm.id, { paymentGateway: 'Pesapal Payment' }));
    expect(gateway.http).toBe(400);
    expect(gateway.body.data.fieldErrors).toHaveProperty('paymentGateway');
  });

  it('is a 404 for anyone else’s VM, 403 for a blocked one and 409 for a renewed one, and stores nothing', async () => {
    const owner = await w.customer(w.ids.acme);
    const other = await w.customer(w.ids.acme);
    const vm = await w.vmOf(owner, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    expect((await w.call(other, 'renewVM', renewPayload(vm.id))).http).toBe(404);
    expect((await w.call(await w.customer(w.ids.zebra), 'renewVM', renewPayload(vm.id), ZEBRA)).http).toBe(404);
    await w.db.update(vms).set({ blocked: true }).where(eq(vms.id, vm.id));
    expect((await w.call(owner, 'renewVM', renewPayload(vm.id))).http).toBe(403);
    await w.db
      .update(vms)
      .set({ blocked: false, renewedFrom: ahead(DAY) })
      .where(eq(vms.id, vm.id));
    expect((await w.call(owner, 'renewVM', renewPayload(vm.id))).http).toBe(409);
    expect(await w.db.select().from(orders).where(eq(orders.customerId, owner.customerId))).toHaveLength(0);
  });
});
