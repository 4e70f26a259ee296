import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { signIn } from '../../../../test/sign-in.ts';
import { orders } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { openWorld, type World } from '../payments/payments.test-helper.ts';

export const ids = (res: { body: { data: { items: Array<{ id: number }> } } }) => res.body.data.items.map((o) => o.id);
export const REASON = 'EFT received on 24 Nov, bank ref ABSA 99812';

type Buyer = Awaited<ReturnType<World['customer']>>;
export type OrdersWorld = Awaited<ReturnType<typeof openOrdersWorld>>;

/**
 * The console orders' world: Acme's admin and support, Zebra's admin, Thandi and Lindiwe, and four
 * orders — one of last month, one paid through the PayFast sandbox, one with a started attempt never
 * paid, and Lindiwe's Ozow order without an attempt — with the list, detail and reconcile calls.
 */
export async function openOrdersWorld() {
  const w = await openWorld();
  const admin = await signInOperator(w.t, 'admin', w.ids.acme);
  const support = await signInOperator(w.t, 'support', w.ids.acme);
  const zebraAdmin = await signInOperator(w.t, 'admin', w.ids.zebra);
  const thandi = await w.customer(w.ids.acme, 'thandi@orders.example');
  const row = await createCustomer(w.db, w.ids.acme, { email: 'lindiwe.dube@savanna.example', firstName: 'Lindiwe', lastName: 'Dube' });
  const lindiwe = { ...(await signIn(w.t, w.ids.acme, row.id)), email: row.email };

  const oldOrder = await w.order(thandi);
  await w.db
    .update(orders)
    .set({ createdAt: new Date('2026-10-15T09:00:00+02:00') })
    .where(eq(orders.id, oldOrder));
  const paidByItn = await w.order(thandi);
  const started = (await w.start(thandi, paidByItn)).body.data;
  await w.payForm(started.start, 'pay');
  await w.expectPaidOnce(thandi, paidByItn);
  const unpaid = await w.order(thandi);
  expect((await w.start(thandi, unpaid)).http).toBe(200);
  const ozowOrder = await w.order(lindiwe, 'ubuntu', 'Ozow Payment');

  const C = () => `/companies/${w.ids.acme}`;
  const list = (query = '', who: SignedInOperator = admin) => adminCall(w.t, who, 'GET', `${C()}/orders${query}`);
  const detail = (orderId: number, who: SignedInOperator = admin) => adminCall(w.t, who, 'GET', `${C()}/orders/${orderId}`);
  const reconcile = (orderId: number, body: unknown, who: SignedInOperator = admin) =>
    adminCall(w.t, who, 'POST', `${C()}/orders/${orderId}/reconcile`, body);
  const provisionJobs = async (orderId: number) =>
    (await w.t.database.executeSql(`select state from pgboss.job where name = 'provision-vm' and singleton_key = $1`, [`order-${orderId}`]))
      .rows.length;
  const people: { thandi: Buyer; lindiwe: Buyer } = { thandi, lindiwe };
  return { w, admin, support, zebraAdmin, ...people, unpaid, paidByItn, ozowOrder, oldOrder, C, list, detail, reconcile, provisionJobs };
}
