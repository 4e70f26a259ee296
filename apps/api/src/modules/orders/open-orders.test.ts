import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { RAND_SPECS, specificationOf } from '../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../test/sign-in.ts';
import { orders, paymentAttempts } from '../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../db/seed/purchase-factories.ts';
import { OPEN_ORDER_HOURS } from './open-orders.ts';

const SITE = 'https://acme-open-orders.example';

/** R120 a vCPU, R45 a GB of memory, R1.50 a GB of disk per 30 days; no discounts. */
describe('open orders: one per configuration, abandoned ones expire', () => {
  let t: TestContext;
  let product: number;
  let za: number;
  let buyer: SignedIn;
  let other: SignedIn;

  // 30 days of 2 vCPU, 8 GB, 100 GB: 240 + 360 + 150 = 750.00, VAT 112.50, total 862.50.
  const order = (overrides: Record<string, unknown> = {}) => ({
    productID: product,
    productName: 'Ubuntu Test',
    specification: specificationOf(8, 2, 100),
    region: za,
    timePeriod: 30,
    currency: 'ZAR',
    cost: '750.00',
    discountAmount: '0.00',
    taxAmount: '112.50',
    totalAmount: '862.50',
    paymentGateway: 'PayFast Payment',
    microsoftLicense: 0,
    byPassflag: 0,
    ...overrides,
  });
  const create = async (who: SignedIn, body = order()) => {
    const res = await post(t.app, 'virtualMachine/CreateOrder', body, authHeaders(SITE, who));
    expect(res.http).toBe(200);
    return res.body.data.orderID as number;
  };
  const countOf = async (who: SignedIn) =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(eq(orders.customerId, who.customerId))
    )[0]!.n;
  const history = async (who: SignedIn) =>
    (await t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: authHeaders(SITE, who) })).json().data as {
      ID: number;
      transactionStatus: string;
    }[];
  const age = (orderId: number, hours: number) =>
    t.database.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(eq(orders.id, orderId));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const company = await upsertCompany(db, completeCompany('acme-open-orders', 'Acme Cloud'), [SITE]);
    za = (await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
    product = (await createProduct(db, company.id, { name: 'Ubuntu Test', osType: 'ubuntu', specs: RAND_SPECS })).id;
    await setPurchaseTerms(db, company.id, {
      timePeriods: [{ days: 30 }, { days: 90 }],
      ramCpuRanges: [{ productId: product, ramFrom: 1, ramTo: 16, cpuCount: 2 }],
      gateways: [{ regionId: za, gateways: ['payfast', 'ozow'] }],
      bypass: false,
    });
    buyer = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'open@example.co.za' })).id);
    other = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'someone@example.co.za' })).id);
  });
  afterAll(() => t.close());

  it('gives a customer back the open order of the same configuration instead of a new one per visit', async () => {
    const first = await create(buyer);
    expect(await create(buyer)).toBe(first);
    expect(await create(buyer)).toBe(first);
    expect(await countOf(buyer)).toBe(1);
    const rows = await history(buyer);
    expect(rows.filter((r) => r.transactionStatus === 'Created')).toHaveLength(1);
  });

  it('makes a new order for another period, size or gateway, and for another customer', async () => {
    const first = await create(buyer);
    const longer = await create(buyer, order({ timePeriod: 90, cost: '2250.00', taxAmount: '337.50', totalAmount: '2587.50' }));
    const bigger = await create(
      buyer,
      order({ specification: specificationOf(8, 2, 200), cost: '900.00', taxAmount: '135.00', totalAmount: '1035.00' }),
    );
    const ozow = await create(buyer, order({ paymentGateway: 'Ozow Payment' }));
    expect(new Set([first, longer, bigger, ozow]).size).toBe(4);
    const theirs = await create(other);
    expect(theirs).not.toBe(first);
  });

  it('does not hand back an order already taken to a gateway, nor one older than the open window', async () => {
    const first = await create(buyer);
    await t.database.db.insert(paymentAttempts).values({
      companyId: (await t.database.db.select().from(orders).where(eq(orders.id, first)))[0]!.companyId,
      orderId: first,
      gateway: 'payfast',
      reference: `attempt-${first}`,
      amount: '862.50',
      currency: 'ZAR',
    });
    const second = await create(buyer);
    expect(second).not.toBe(first);
    await age(second, OPEN_ORDER_HOURS + 1);
    const third = await create(buyer);
    expect(third).not.toBe(second);
    expect(await create(buyer)).toBe(third);
  });

  it('expires orders never taken to a gateway after the open window, and no longer lists them', async () => {
    const fresh = await create(other, order({ paymentGateway: 'Ozow Payment' }));
    const abandoned = await create(other, order({ timePeriod: 90, cost: '2250.00', taxAmount: '337.50', totalAmount: '2587.50' }));
    await age(abandoned, OPEN_ORDER_HOURS + 2);
    const tried = await create(
      other,
      order({ specification: specificationOf(4, 2, 100), cost: '570.00', taxAmount: '85.50', totalAmount: '655.50' }),
    );
    await age(tried, OPEN_ORDER_HOURS + 2);
    const companyId = (await t.database.db.select().from(orders).where(eq(orders.id, tried)))[0]!.companyId;
    await t.database.db
      .insert(paymentAttempts)
      .values({ companyId, orderId: tried, gateway: 'payfast', reference: `attempt-${tried}`, amount: '655.50', currency: 'ZAR' });

    expect(await t.modules.orders.expireAbandonedOrders()).toBeGreaterThanOrEqual(1);
    const statusOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;
    expect(await statusOf(abandoned)).toBe('cancelled');
    // Young, or taken to a gateway (the reconciliation asks the gateway about those): left alone.
    expect(await statusOf(fresh)).toBe('created');
    expect(await statusOf(tried)).toBe('created');
    const listed = (await history(other)).map((r) => r.ID);
    expect(listed).toContain(fresh);
    expect(listed).toContain(tried);
    expect(listed).not.toContain(abandoned);
    // A second pass finds nothing more to do.
    const again = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.customerId, other.customerId), eq(orders.status, 'cancelled')));
    expect(await t.modules.orders.expireAbandonedOrders()).toBe(0);
    expect(again).toHaveLength(1);
  });
});
