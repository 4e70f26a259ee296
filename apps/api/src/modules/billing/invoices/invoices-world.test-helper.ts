import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { createTestApp, post } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orders } from '../../../db/schema.ts';
import { createBuyer, createShop, markPaid, order90 } from './invoices.test-helper.ts';

export const ACME = 'https://acme-invoices.example';
export const ZEBRA = 'https://zebra-invoices.example';
export const LONG_NAME = Array.from({ length: 40 }, (_, i) => `Enterprise${i}`)
  .join(' ')
  .padEnd(390, 'x')
  .slice(0, 390);
export const LONG_STREET = 'Unit 4, The Very Long Business Park Name With Many Words In It, '.repeat(4).trim();

/**
 * The invoices' world: Acme (with its logo) and Zebra, a buyer with a VAT number, another Acme
 * customer and a Zebra customer; an order paid (its invoice), one paid in a sandbox (a proforma)
 * and one unpaid, all through CreateOrder; `as`, `pdf` and `history` calls.
 */
export async function openInvoicesWorld() {
  const t = await createTestApp();
  const as = (who: SignedIn, site = ACME) => authHeaders(site, who);
  const db = t.database.db;
  const acme = await createShop(t, 'acme-invoices', 'Acme Cloud', ACME, { logo: true });
  const zebra = await createShop(t, 'zebra-invoices', 'Zebra Hosting', ZEBRA);
  const customer = await createBuyer(db, acme.companyId, 'buyer@example.co.za', {
    email: 'buyer@example.co.za',
    firstName: 'Thandi',
    lastName: 'Nkosi',
    companyName: 'Nkosi Trading (Pty) Ltd',
    vatNumber: '4987654321',
  });
  const buyer = await signIn(t, acme.companyId, customer.id);
  const other = await signIn(t, acme.companyId, (await createBuyer(db, acme.companyId, 'other@example.co.za')).id);
  const zebraBuyer = await signIn(t, zebra.companyId, (await createBuyer(db, zebra.companyId, 'buyer@example.co.za')).id);

  // Through CreateOrder, so the figures are the ones the server froze.
  const created = await post(t.app, 'virtualMachine/CreateOrder', order90(acme.productId, acme.regionId, acme.productName), as(buyer));
  expect(created.http).toBe(200);
  const orderId = created.body.data.orderID as number;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const issued = await markPaid(db, order!, { transactionId: '1234567' });
  const paid = { orderId, token: issued.token, number: issued.number };

  const second = await post(t.app, 'virtualMachine/CreateOrder', order90(acme.productId, acme.regionId, acme.productName), as(buyer));
  const [testOrder] = await db
    .select()
    .from(orders)
    .where(eq(orders.id, second.body.data.orderID as number));
  const proforma = { orderId: testOrder!.id, token: (await markPaid(db, testOrder!, { proforma: true, transactionId: 'TEST-99' })).token };

  const third = await post(t.app, 'virtualMachine/CreateOrder', order90(acme.productId, acme.regionId, acme.productName), as(buyer));
  const unpaidOrderId = third.body.data.orderID as number;
  const pdf = (token: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/invoice/pdf/${token}`, headers });
  const history = async (who: SignedIn, site = ACME) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: as(who, site) });
    return { http: res.statusCode, body: res.json() as { status: number; data: any[] } };
  };
  return { t, acme, zebra, buyer, other, zebraBuyer, paid, proforma, unpaidOrderId, as, pdf, history };
}
