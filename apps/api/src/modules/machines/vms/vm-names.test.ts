import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fill, messages } from '@mawingu/contracts/messages';
import { and, eq } from 'drizzle-orm';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import { post } from '../../../../test/test-app.ts';
import { products } from '../../../db/schema.ts';
import { openWorld, type World } from '../../billing/payments/payments.test-helper.ts';

/**
 * Issue 16 point 3: each new VM gets a name of its own, suggested from the product and unique among
 * the customer's VMs, checked when the order is made, when it is paid and when the VM is built.
 */
let w: World;
let buyer: Awaited<ReturnType<World['customer']>>;
beforeAll(async () => {
  w = await openWorld();
  buyer = await w.customer(w.ids.acme);
});
afterAll(() => w.close());

const queryOf = (location: string) => Object.fromEntries(new URL(location).searchParams);
const ubuntuId = async () => {
  const [product] = await w.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, w.ids.acme), eq(products.name, 'Ubuntu Pay')));
  return product!.id;
};
const suggested = async (who = buyer) =>
  (await post(w.t.app, 'virtualMachine/getVMProductDetail', { productID: await ubuntuId() }, w.as(who))).body.data
    .suggestedVmName as string;

async function pay(orderId: number) {
  const data = (await w.start(buyer, orderId)).body.data;
  const back = await w.payForm(data.start, 'pay');
  await w.update(buyer, { TransactionReference: queryOf(back).ref, paymentMode: 'PayFast Payment' });
  return w.expectPaidOnce(buyer, orderId);
}

describe('VM names', () => {
  it('suggests the product short name and the next free number, and builds the VM with it', async () => {
    expect(await suggested()).toBe('ubuntu-pay-1');
    const first = await w.order(buyer);
    expect((await w.orderRow(first)).vmName).toBe('ubuntu-pay-1');
    expect((await pay(first)).name).toBe('ubuntu-pay-1');
    expect(await suggested()).toBe('ubuntu-pay-2');
    // Another customer's VMs do not count.
    expect(await suggested(await w.customer(w.ids.acme))).toBe('ubuntu-pay-1');
  });

  it('takes the name the customer chose, and shows it on the order and in the purchase history', async () => {
    const orderId = await w.order(buyer, 'ubuntu', 'PayFast Payment', { vmName: '  Web   Front ' });
    const detail = await post(w.t.app, 'virtualMachine/getOrderDetail', { orderID: orderId }, w.as(buyer));
    expect(detail.body.data).toMatchObject({ vmName: 'Web Front', productName: 'Ubuntu Pay', aliasName: null });
    await pay(orderId);
    const history = await w.t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: w.as(buyer) });
    expect((history.json().data as { ID: number }[]).find((r) => r.ID === orderId)).toMatchObject({
      vmName: 'Web Front',
      productName: 'Ubuntu Pay',
    });
  });

  it('refuses a name one of their VMs has, whatever its case, naming the field', async () => {
    const check = await post(w.t.app, 'virtualMachine/checkVmName', { vmName: 'web front' }, w.as(buyer));
    expect(check.http).toBe(400);
    expect(check.body.data.fieldErrors).toEqual({ vmName: fill(messages.vmNameTaken, { name: 'web front' }) });
    const res = await post(w.t.app, 'virtualMachine/CreateOrder', { ...(await orderBody()), vmName: 'UBUNTU-PAY-1' }, w.as(buyer));
    expect(res.http).toBe(400);
    expect(res.body.message).toBe('You already have a VM named UBUNTU-PAY-1. Choose another name');
    expect(res.body.data.fieldErrors).toEqual({ vmName: 'You already have a VM named UBUNTU-PAY-1. Choose another name' });
    const free = await post(w.t.app, 'virtualMachine/checkVmName', { vmName: ' db  1 ' }, w.as(buyer));
    expect(free.http).toBe(200);
    expect(free.body).toMatchObject({ message: messages.vmNameFree, data: { vmName: 'db 1' } });
  });

  it('refuses a name that is not one, naming the field', async () => {
    for (const vmName of ['-web', 'a', 'web/1', 'x'.repeat(41)]) {
      const res = await post(w.t.app, 'virtualMachine/checkVmName', { vmName }, w.as(buyer));
      expect(res.http, vmName).toBe(400);
      expect(res.body.data.fieldErrors).toEqual({ vmName: messages.vmNameInvalid });
    }
  });

  it('refuses to take payment for a second order of the same name once the first is paid', async () => {
    const first = await w.order(buyer, 'ubuntu', 'PayFast Payment', { vmName: 'twin' });
    // Another gateway: an identical second order would be the first one given back (open-orders.ts).
    const second = await w.order(buyer, 'ubuntu', 'Ozow Payment', { vmName: 'twin' });
    await pay(first);
    const refused = await w.start(buyer, second);
    expect(refused.http).toBe(400);
    expect(refused.body.data.fieldErrors).toEqual({ vmName: fill(messages.vmNameTaken, { name: 'twin' }) });
    await w.expectUnpaid(second, 'created');
  });
});

/** CreateOrder's body for the Ubuntu product as World.order sends it. */
async function orderBody() {
  return {
    productID: await ubuntuId(),
    region: w.ids.za,
    timePeriod: 90,
    specification: specificationOf(8, 2, 100),
    cost: '2250.00',
    discountAmount: '65.25',
    taxAmount: '337.50',
    totalAmount: '2522.25',
    paymentGateway: 'PayFast Payment',
  };
}
