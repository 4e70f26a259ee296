import { and, eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { companies, gatewayEvents, orderLines, orders, paymentAttempts, products, regions } from '../apps/api/src/db/schema.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { LIFECYCLE_PRODUCT } from './fixtures-lifecycle.ts';

/**
 * The console's payments journey (console-payments.e2e.ts) in the lifecycle company: a customer of
 * its own with two unpaid orders, so no other journey's lists change.
 *  - `reconcile`: a new-VM order whose PayFast attempt never got a genuine ITN — one forged ITN was
 *    refused and one could not be validated — which the admin reconciles as paid (EFT).
 *  - `renewal`: a renewal order without any attempt, which support opens (and cannot reconcile).
 * The orders carry no chosen gateway (order.gateway null): once paid by hand they count as
 * "manual" on the dashboard, whose PayFast, Ozow and PayPal figures stay the tickets fixtures'.
 */
export const PAYMENTS_CUSTOMER = { email: 'nandi@lifecycle.example', password: 'Lifecycle@2026', name: 'Nandi Khumalo' } as const;

export const PAYMENTS_ORDERS = {
  reconcile: { reference: 'e2e0a11ce0payments0reconcile0001', total: '621.00' },
  renewal: { reference: 'e2e0a11ce0payments0renewal000002', total: '345.00' },
} as const;

/** The attempt of the order to reconcile, as the Pay button made it (order reference + 8 hex). */
export const RECONCILE_ATTEMPT = `${PAYMENTS_ORDERS.reconcile.reference}-5eed0001`;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export async function loadConsolePaymentsFixtures(db: Db) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, 'lifecycle-hosting'));
  if (!company) throw new Error('console payments fixtures: load the lifecycle fixtures first');
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, company.id), eq(products.name, LIFECYCLE_PRODUCT)));
  const [region] = await db.select().from(regions).where(eq(regions.companyId, company.id));
  if (!product || !region) throw new Error('console payments fixtures: no lifecycle product or region');
  const [first, ...rest] = PAYMENTS_CUSTOMER.name.split(' ');
  const nandi = await createCustomer(
    db,
    company.id,
    { email: PAYMENTS_CUSTOMER.email, firstName: first!, lastName: rest.join(' '), emailVerifiedAt: new Date() },
    PAYMENTS_CUSTOMER.password,
  );

  // 30 days of 2 vCPU, 4 GB and 40 GB at the lifecycle prices: 240 + 240 + 60 = 540; VAT 15 % = 81.
  // Placed a few hours ago: the payment reconciliation job fails a started attempt only after a day.
  const placed = new Date(Date.now() - 3 * HOUR);
  const [order] = await db
    .insert(orders)
    .values({
      companyId: company.id,
      customerId: nandi.id,
      kind: 1,
      status: 'created',
      reference: PAYMENTS_ORDERS.reconcile.reference,
      productId: product.id,
      productName: product.name,
      regionId: region.id,
      regionName: region.name,
      days: 30,
      currency: 'ZAR',
      taxPercent: '15.00',
      price: '540.00',
      tax: '81.00',
      discount: '0.00',
      total: PAYMENTS_ORDERS.reconcile.total,
      gateway: null,
      bypass: false,
      createdAt: placed,
      updatedAt: placed,
    })
    .returning();
  await db.insert(orderLines).values([
    {
      orderId: order!.id,
      companyId: company.id,
      sortOrder: 0,
      name: 'Processor',
      unit: 'vCPU',
      count: 2,
      costPerUnit: '120.0000',
      amount: '240.00',
    },
    {
      orderId: order!.id,
      companyId: company.id,
      sortOrder: 1,
      name: 'Memory',
      unit: 'GB',
      count: 4,
      costPerUnit: '60.0000',
      amount: '240.00',
    },
    {
      orderId: order!.id,
      companyId: company.id,
      sortOrder: 2,
      name: 'Disk',
      unit: 'GB',
      count: 40,
      costPerUnit: '1.5000',
      amount: '60.00',
    },
  ]);
  const started = new Date(placed.getTime() + 60_000);
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      companyId: company.id,
      orderId: order!.id,
      gateway: 'payfast',
      reference: RECONCILE_ATTEMPT,
      amount: PAYMENTS_ORDERS.reconcile.total,
      currency: 'ZAR',
      createdAt: started,
      updatedAt: started,
    })
    .returning();
  const itn = (signature: string, paymentId: string) =>
    [
      `m_payment_id=${RECONCILE_ATTEMPT}`,
      `pf_payment_id=${paymentId}`,
      'payment_status=COMPLETE',
      'item_name=Ubuntu+24.04+LTS+%28order+' + order!.id + '%29',
      'item_description=',
      'amount_gross=621.00',
      'amount_fee=-14.28',
      'amount_net=606.72',
      'custom_str1=' + order!.id,
      'name_first=Nandi',
      'name_last=Khumalo',
      'email_address=nandi%40lifecycle.example',
      'merchant_id=10000100',
      `signature=${signature}`,
    ].join('&');
  await db.insert(gatewayEvents).values([
    {
      companyId: company.id,
      attemptId: attempt!.id,
      gateway: 'payfast',
      channel: 'notification',
      outcome: 'refused',
      reason: 'signature: payfast: signature: ITN signature does not match',
      payload: { body: itn('0f1e2d3c4b5a69788796a5b4c3d2e1f0', '2300101'), query: {} },
      receivedAt: new Date(started.getTime() + 90_000),
    },
    {
      companyId: company.id,
      attemptId: attempt!.id,
      gateway: 'payfast',
      channel: 'notification',
      outcome: 'retry',
      reason: 'unavailable: payfast: unavailable: validate call failed: HTTP 503',
      payload: { body: itn('8c3f06b1d1f2a5e4c7b9a0d3e6f2b1c4', '2300102'), query: {} },
      receivedAt: new Date(started.getTime() + 120_000),
    },
  ]);

  // A renewal of 30 days (R300 + 15 % VAT) the customer has not paid yet.
  const renewalPlaced = new Date(Date.now() - DAY);
  await db.insert(orders).values({
    companyId: company.id,
    customerId: nandi.id,
    kind: 3,
    status: 'created',
    reference: PAYMENTS_ORDERS.renewal.reference,
    productId: product.id,
    productName: product.name,
    regionId: region.id,
    regionName: region.name,
    days: 30,
    currency: 'ZAR',
    taxPercent: '15.00',
    price: '300.00',
    tax: '45.00',
    discount: '0.00',
    total: PAYMENTS_ORDERS.renewal.total,
    gateway: null,
    bypass: false,
    createdAt: renewalPlaced,
    updatedAt: renewalPlaced,
  });
}
