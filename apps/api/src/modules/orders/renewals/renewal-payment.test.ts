import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMails } from '../../../../test/queued-mails.ts';
import { until } from '../../../../test/until.ts';
import { notifications, orders } from '../../../db/schema.ts';
import { ago, ahead, DAY, FREEPASS, HOUR, openRenewWorld, type RenewWorld } from './renewals.test-helper.ts';

let w: RenewWorld;
beforeAll(async () => {
  w = await openRenewWorld();
}, 60_000);
afterAll(() => w.close());

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
