import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMultiRenewValue } from '@mawingu/contracts/multi-renew-value';
import { vms } from '../../../db/schema.ts';
import { ago, ahead, DAY, HOUR, openRenewWorld, type RenewWorld } from './renewals.test-helper.ts';

let w: RenewWorld;
beforeAll(async () => {
  w = await openRenewWorld();
}, 60_000);
afterAll(() => w.close());

/**
 * Multi-renew: an expired VM as in renew-vm.test.ts (626.18 for 30 days) and one of 8 GB, 2 vCPU, 100 GB running
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
