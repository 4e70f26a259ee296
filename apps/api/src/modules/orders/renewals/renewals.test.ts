import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { notifications, orders, vms } from '../../../db/schema.ts';
import { DAY, FREEPASS, openRenewWorld, ZEBRA, type RenewWorld } from './renewals.test-helper.ts';

let w: RenewWorld;
beforeAll(async () => {
  w = await openRenewWorld();
}, 60_000);
afterAll(() => w.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const ahead = (ms: number) => new Date(Date.now() + ms);

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

/**
 * Multi-renew: the expired VM above (626.18 for 30 days) and one of 8 GB, 2 vCPU, 100 GB running
 * for another 10 days: 360 + 240 + 150 = 750.00, tax 112.50, no arrears, 862.50.
 * Sums: price 1245.00, tax 186.75, arrears 56.93, total 1488.68.
 */
describe('multi-renew', () => {
  async function twoVms() {
    const buyer = await w.customer(w.ids.acme);
    const expired = await w.vmOf(buyer, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const running = await w.vmOf(buyer, {
      productId: w.products.ubuntu,
      regionId: w.ids.za,
      ramGb: 8,
      diskGb: 100,
      endAt: ahead(10 * DAY),
    });
    return { buyer, expired, running };
  }
  const selectedPayload = (ids: number[], over: Record<string, unknown> = {}) => ({
    clientVMID: ids,
    timePeriod: 30,
    FinalPrice: '1245.00',
    cost: '1245.00',
    taxAmount: '186.75',
    totalAmountwithTax: '1488.68',
    calulatedtaxvalue: '15.00',
    daysExtended: 3,
    paymentGateway: 'Ozow Payment',
    serviceType: 'simulator',
    imagePath: null,
    byPassflag: 0,
    ...over,
  });

  it('getVMDataForMultipleRenew gives a row per VM with its arrears days and 30-day price, one tax and currency', async () => {
    const { buyer, expired, running } = await twoVms();
    const res = await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData: [expired.id, running.id] });
    expect(res.http, res.body.message).toBe(200);
    const rows = res.body.data.VMProductDetail;
    expect(
      rows.map((r: Record<string, unknown>) => [
        r.vmName,
        r.osType,
        r.cpu_Count,
        r.ram_Count,
        r.disk_Count,
        r.daysExtended,
        r.vm_Cost,
        r.taxValue,
      ]),
    ).toEqual([
      [expired.name, 'ubuntu', 2, 4, 50, 3, '495.00', '15.00'],
      [running.name, 'ubuntu', 2, 8, 100, 0, '750.00', '15.00'],
    ]);
    expect(res.body.data.taxData).toEqual({ currency: 'ZAR', taxValue: '15.00' });
    expect(res.body.data.paymentGateway).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
  });

  it('refuses no ids, bad ids, anyone else’s, a blocked or renewed VM, and mixed currencies, naming renewVMData', async () => {
    const { buyer, expired, running } = await twoVms();
    for (const renewVMData of [[], ['abc'], 'x', [0]]) {
      const res = await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData });
      expect(res.http, JSON.stringify(renewVMData)).toBe(400);
      expect(Object.keys(res.body.data.fieldErrors)[0]).toMatch(/^renewVMData/);
    }
    const other = await w.customer(w.ids.acme);
    const theirs = await w.vmOf(other, { productId: w.products.ubuntu, regionId: w.ids.za, endAt: ahead(DAY) });
    const foreign = await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData: [expired.id, theirs.id] });
    expect(foreign.http).toBe(404);
    expect(foreign.body.data.fieldErrors).toHaveProperty('renewVMData');

    await w.db.update(vms).set({ blocked: true }).where(eq(vms.id, running.id));
    expect((await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData: [expired.id, running.id] })).http).toBe(403);
    await w.db
      .update(vms)
      .set({ blocked: false, renewedFrom: ahead(DAY) })
      .where(eq(vms.id, running.id));
    expect((await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData: [expired.id, running.id] })).http).toBe(409);

    const shillings = await w.vmOf(buyer, {
      productId: w.products.nairobi,
      regionId: w.ids.ke,
      cpu: 1,
      ramGb: 2,
      diskGb: 20,
      endAt: ahead(DAY),
    });
    const mixed = await w.call(buyer, 'getVMDataForMultipleRenew', { renewVMData: [expired.id, shillings.id] });
    expect(mixed.http).toBe(400);
    expect(mixed.body.data.fieldErrors).toEqual({
      renewVMData: 'These virtual machines are billed in different currencies or tax rates. Please renew them separately.',
    });
  });

  it('renewSelectedVM creates a kind-5 order with the sums and one order_vms row per VM', async () => {
    const { buyer, expired, running } = await twoVms();
    const res = await w.call(
      buyer,
      'renewSelectedVM',
      selectedPayload([expired.id, running.id], {
        MultiRenewData: [
          { ID: expired.id, daysExtended: 3, total: '626.18' },
          { ID: running.id, daysExtended: 0, total: '862.50' },
        ],
      }),
    );
    expect(res.http, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      kind: 5,
      vmName: `${expired.name}, ${running.name}`,
      cost: '1245.00',
      taxAmount: '186.75',
      arrears: '56.93',
      amount: '1488.68',
      paymentMode: 'Ozow Payment',
    });
    expect(res.body.data.lines).toHaveLength(6);
    const parts = await w.partsOf(res.body.data.orderID);
    expect(parts.map((p) => [p.vmId, p.total, p.arrears, p.daysAdded, p.daysExtended]).sort()).toEqual(
      [
        [expired.id, '626.18', '56.93', 30, 3],
        [running.id, '862.50', '0.00', 30, 0],
      ].sort(),
    );
  });

  it('refuses a sum or a VM’s amount one cent off with a 422 naming the field', async () => {
    const { buyer, expired, running } = await twoVms();
    const sum = await w.call(buyer, 'renewSelectedVM', selectedPayload([expired.id, running.id], { totalAmountwithTax: '1488.69' }));
    expect(sum.http).toBe(422);
    expect(sum.body.data.fieldErrors).toEqual({
      totalAmountwithTax:
        'Total payable amount does not match the current price (1488.68 ZAR). Please go back and check your configuration.',
    });
    const one = await w.call(
      buyer,
      'renewSelectedVM',
      selectedPayload([expired.id, running.id], { MultiRenewData: [{ ID: running.id, total: '862.49' }] }),
    );
    expect(one.http).toBe(422);
    expect(Object.keys(one.body.data.fieldErrors)).toEqual(['MultiRenewData.0.total']);
    const dup = await w.call(buyer, 'renewSelectedVM', selectedPayload([expired.id, expired.id]));
    expect(dup.http).toBe(400);
    expect(dup.body.data.fieldErrors).toHaveProperty('clientVMID');
  });

  it('the route value the account page builds decodes to the ids the call takes', () => {
    expect(encodeMultiRenewValue([12, 15])).toMatch(/^[A-Za-z0-9_-]+$/);
  });
});

describe('paying a renewal (bypass) and its fulfilment', () => {
  const fpPayload = (vmId: number, daysExtended: number, amounts: { arrears: string; total: string }) => ({
    clientVMID: vmId,
    ramCount: 4,
    processorCount: 2,
    diskCount: 50,
    timePeriod: 30,
    cost: '495.00',
    taxAmount: '74.25',
    penaltyCostRenew: amounts.arrears,
    totalAmount: amounts.total,
    daysExtended,
  });
  const noticesOf = async (customerId: number, name: string) =>
    (await w.db.select().from(notifications).where(eq(notifications.customerId, customerId))).filter((n) =>
      n.text.startsWith(`Your virtual machine ${name} is renewed until `),
    );

  it('an expired VM: paid → started again at the hypervisor, end date = payment + 30 days, not expired, one notice and one mail', async () => {
    const buyer = await w.customer(w.ids.freepass);
    const vm = await w.vmOf(buyer, { productId: w.products.freepass, regionId: w.ids.fpZa, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    expect(await w.machineState(vm.externalId!)).toBe('stopped');
    const created = await w.call(buyer, 'renewVM', fpPayload(vm.id, 3, { arrears: '56.93', total: '626.18' }), FREEPASS);
    expect(created.http, created.body.message).toBe(200);
    expect(created.body.data.byPassFlag).toBe(1);
    const orderId = created.body.data.orderID as number;
    await w.payByBypass(buyer, orderId);

    const order = await until(async () => {
      const row = await w.orderRow(orderId);
      return row.status === 'fulfilled' ? row : undefined;
    });
    const renewed = await w.vmRow(vm.id);
    expect(renewed.state).toBe('running');
    expect(renewed.expiredAt).toBeNull();
    expect(renewed.endAt!.getTime()).toBe(order.paidAt!.getTime() + 30 * DAY);
    expect(renewed.renewedFrom!.getTime()).toBe(order.paidAt!.getTime());
    expect(await w.machineState(vm.externalId!)).toBe('running');
    expect((await w.partsOf(orderId))[0]!.fulfilledAt).not.toBeNull();
    const date = renewed.endAt!.toISOString().slice(0, 10);
    expect((await noticesOf(buyer.customerId, vm.name)).map((n) => n.text)).toEqual([
      `Your virtual machine ${vm.name} is renewed until ${date}`,
    ]);
    const mails = (await queuedMails(w.t, buyer.email)).filter(
      (m) => m.subject === `Your virtual machine ${vm.name} is renewed until ${date}`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('It had expired and is running again.');
  });

  it('a VM renewed ahead of its end: end date moves by exactly 30 days from the old one and it shows as renewed until then; the job run twice does it once', async () => {
    const buyer = await w.customer(w.ids.freepass);
    const oldEnd = ahead(5 * DAY);
    const vm = await w.vmOf(buyer, { productId: w.products.freepass, regionId: w.ids.fpZa, endAt: oldEnd });
    const created = await w.call(buyer, 'renewVM', fpPayload(vm.id, 0, { arrears: '0.00', total: '569.25' }), FREEPASS);
    expect(created.http, created.body.message).toBe(200);
    const orderId = created.body.data.orderID as number;
    await w.payByBypass(buyer, orderId);
    await until(async () => ((await w.orderRow(orderId)).status === 'fulfilled' ? true : undefined));

    const once = await w.vmRow(vm.id);
    expect(once.endAt!.getTime()).toBe(oldEnd.getTime() + 30 * DAY);
    expect(once.renewedFrom!.getTime()).toBe(oldEnd.getTime());
    expect(once.state).toBe('running');

    await w.t.modules.orders.fulfilments[3](orderId, { final: false });
    await w.t.modules.orders.fulfilments[3](orderId, { final: true });
    const twice = await w.vmRow(vm.id);
    expect(twice.endAt!.getTime()).toBe(oldEnd.getTime() + 30 * DAY);
    expect(await noticesOf(buyer.customerId, vm.name)).toHaveLength(1);
    // Renewed: a second renewal is refused until the bought period starts.
    expect((await w.call(buyer, 'getVMDetailForRenew', { productID: vm.id }, FREEPASS)).http).toBe(409);
  });

  it('a paid multi-renew moves both end dates and restores an archived VM', async () => {
    const buyer = await w.customer(w.ids.freepass);
    const archived = await w.vmOf(buyer, {
      productId: w.products.freepass,
      regionId: w.ids.fpZa,
      endAt: ago(3 * DAY + HOUR),
      state: 'archived',
    });
    const oldEnd = ahead(10 * DAY);
    const running = await w.vmOf(buyer, { productId: w.products.freepass, regionId: w.ids.fpZa, endAt: oldEnd });
    const created = await w.call(
      buyer,
      'renewSelectedVM',
      {
        clientVMID: [archived.id, running.id],
        timePeriod: 30,
        FinalPrice: '990.00',
        taxAmount: '148.50',
        totalAmountwithTax: '1195.43',
        daysExtended: 3,
      },
      FREEPASS,
    );
    expect(created.http, created.body.message).toBe(200);
    const orderId = created.body.data.orderID as number;
    await w.payByBypass(buyer, orderId, 'transactionApiForMultipleRenew');
    const order = await until(async () => {
      const row = await w.orderRow(orderId);
      return row.status === 'fulfilled' ? row : undefined;
    });
    const back = await w.vmRow(archived.id);
    expect(back).toMatchObject({ state: 'running', expiredAt: null, archivedAt: null });
    expect(back.endAt!.getTime()).toBe(order.paidAt!.getTime() + 30 * DAY);
    expect(await w.machineState(archived.externalId!)).toBe('running');
    expect((await w.vmRow(running.id)).endAt!.getTime()).toBe(oldEnd.getTime() + 30 * DAY);
    expect((await w.partsOf(orderId)).every((p) => p.fulfilledAt !== null)).toBe(true);
  });

  it('a hypervisor outage is retried; a lasting refusal records the error and leaves the order needs_attention with the end date unmoved', async () => {
    const buyer = await w.customer(w.ids.freepass);
    const vm = await w.vmOf(buyer, { productId: w.products.freepass, regionId: w.ids.fpZa, endAt: ago(3 * DAY + HOUR), state: 'expired' });
    const created = await w.call(buyer, 'renewVM', fpPayload(vm.id, 3, { arrears: '56.93', total: '626.18' }), FREEPASS);
    const orderId = created.body.data.orderID as number;
    // Paid without the job: the handler is called directly to see each attempt.
    await w.db.update(orders).set({ status: 'paid', paidAt: new Date() }).where(eq(orders.id, orderId));
    w.simulator.failNext('startVm', 1, 'unavailable');
    await expect(w.t.modules.orders.fulfilments[3](orderId, { final: false })).rejects.toThrow('simulated unavailable failure of startVm');
    expect((await w.vmRow(vm.id)).lastError).toBe('simulated unavailable failure of startVm');
    expect((await w.orderRow(orderId)).status).toBe('fulfilling');

    w.simulator.failNext('startVm', 1, 'rejected');
    await w.t.modules.orders.fulfilments[3](orderId, { final: false });
    expect((await w.orderRow(orderId)).status).toBe('needs_attention');
    const stuck = await w.vmRow(vm.id);
    expect(stuck).toMatchObject({ state: 'expired', lastError: 'simulated rejected failure of startVm' });
    expect(stuck.endAt!.getTime()).toBe(vm.endAt!.getTime());

    // An operator re-runs it once the hypervisor accepts: done, error cleared.
    await w.t.modules.orders.fulfilments[3](orderId, { final: false });
    expect((await w.orderRow(orderId)).status).toBe('fulfilled');
    expect(await w.vmRow(vm.id)).toMatchObject({ state: 'running', lastError: null });
  });

  it('does nothing for an order that is not paid', async () => {
    const buyer = await w.customer(w.ids.freepass);
    const vm = await w.vmOf(buyer, { productId: w.products.freepass, regionId: w.ids.fpZa, endAt: ahead(DAY) });
    const created = await w.call(buyer, 'renewVM', fpPayload(vm.id, 0, { arrears: '0.00', total: '569.25' }), FREEPASS);
    await w.t.modules.orders.fulfilments[3](created.body.data.orderID, { final: true });
    expect((await w.vmRow(vm.id)).endAt!.getTime()).toBe(vm.endAt!.getTime());
    expect((await w.orderRow(created.body.data.orderID)).status).toBe('created');
  });
});
