import { randomUUID } from 'node:crypto';
import type { OrderStatus } from '@mawingu/contracts/order-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { orders, paymentAttempts, tickets } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct } from '../../../db/seed/purchase-factories.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';
import { createDashboardService } from './service.ts';

describe('console dashboard', () => {
  let t: TestContext;
  let acmeId: number;
  let zebraId: number;
  let thandiId: number;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let owner: SignedInOperator;
  let zebraAdmin: SignedInOperator;
  const vmIds: Record<string, number> = {};

  const paidOrder = async (
    companyId: number,
    customerId: number,
    o: {
      total: string;
      currency: string;
      gateway?: string | null;
      bypass?: boolean;
      paidAt: string | null;
      status?: OrderStatus;
      /** Paid through the gateway's sandbox: its paid attempt is a test transaction. */
      sandbox?: boolean;
    },
  ) => {
    const [order] = await t.database.db
      .insert(orders)
      .values({
        companyId,
        customerId,
        kind: 1,
        status: o.status ?? (o.paidAt ? 'fulfilled' : 'created'),
        reference: randomUUID(),
        productName: 'Ubuntu',
        regionName: 'South Africa',
        days: 30,
        currency: o.currency,
        taxPercent: '15.00',
        price: o.total,
        tax: '0.00',
        discount: '0.00',
        total: o.total,
        gateway: o.gateway ?? null,
        bypass: o.bypass ?? false,
        paidAt: o.paidAt ? new Date(o.paidAt) : null,
      })
      .returning({ id: orders.id });
    if (o.gateway)
      await t.database.db.insert(paymentAttempts).values({
        companyId,
        orderId: order!.id,
        gateway: o.gateway,
        reference: randomUUID(),
        amount: o.total,
        currency: o.currency,
        test: o.sandbox ?? false,
        status: o.paidAt ? 'paid' : 'started',
      });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acmeId = (await upsertCompany(db, completeCompany('acme-dashboard', 'Acme Cloud'), ['https://acme-dashboard.example'])).id;
    zebraId = (await upsertCompany(db, completeCompany('zebra-dashboard', 'Zebra Hosting'), ['https://zebra-dashboard.example'])).id;
    thandiId = (await createCustomer(db, acmeId, { email: 'thandi@acme-dashboard.example', firstName: 'Thandi', lastName: 'Mokoena' })).id;
    const zoeId = (await createCustomer(db, zebraId, { email: 'zoe@zebra-dashboard.example', firstName: 'Zoe', lastName: 'Banda' })).id;
    admin = await signInOperator(t, 'admin', acmeId);
    support = await signInOperator(t, 'support', acmeId);
    owner = await signInOperator(t, 'owner');
    zebraAdmin = await signInOperator(t, 'admin', zebraId);

    const o = (total: string, currency: string, paidAt: string | null, gateway: string | null = null, bypass = false) =>
      paidOrder(acmeId, thandiId, { total, currency, paidAt, gateway, bypass });
    // 8 March 2024 in Johannesburg runs from 7 March 22:00 UTC to 8 March 22:00 UTC.
    await o('100.10', 'ZAR', '2024-03-08T10:00:00Z', 'payfast');
    await o('200.25', 'ZAR', '2024-03-08T21:59:59Z', 'payfast');
    await o('0.05', 'ZAR', '2024-03-08T22:00:00Z', 'payfast'); // 00:00 on 9 March there
    await o('19.99', 'USD', '2024-03-09T09:00:00Z', 'paypal');
    await o('1500.00', 'KES', '2024-03-09T12:00:00Z', 'pesapal');
    await o('1234.57', 'ZAR', '2024-03-10T12:00:00Z', null, true);
    for (let i = 0; i < 3; i += 1) await o('0.33', 'ZAR', '2024-03-10T13:00:00Z', 'ozow');
    await o('50.00', 'ZAR', '2024-03-10T14:00:00Z');
    // Paid in a gateway's sandbox: shown apart, in none of the revenue figures.
    await paidOrder(acmeId, thandiId, {
      total: '700.00',
      currency: 'KES',
      gateway: 'pesapal',
      paidAt: '2024-03-09T12:30:00Z',
      sandbox: true,
    });
    await paidOrder(acmeId, thandiId, {
      total: '558.37',
      currency: 'ZAR',
      gateway: 'payfast',
      paidAt: '2024-03-10T08:00:00Z',
      sandbox: true,
    });
    await paidOrder(acmeId, thandiId, {
      total: '0.01',
      currency: 'ZAR',
      gateway: 'payfast',
      paidAt: '2024-03-10T09:00:00Z',
      sandbox: true,
    });
    // Not counted: never paid, paid just before or after the period, another company's.
    await o('999.00', 'ZAR', null, 'payfast');
    await o('7.00', 'ZAR', '2024-03-07T21:59:59Z', 'payfast');
    await o('8.00', 'ZAR', '2024-03-10T22:00:00Z', 'payfast');
    await paidOrder(zebraId, zoeId, { total: '500.00', currency: 'ZAR', gateway: 'payfast', paidAt: '2024-03-09T10:00:00Z' });

    const product = await createProduct(db, acmeId, {
      name: 'Ubuntu',
      specs: [{ name: 'Processor', unit: 'vCPU', count: 1, min: 1, max: 2, cost: '1.0000' }],
    });
    const zebraProduct = await createProduct(db, zebraId, {
      name: 'Ubuntu',
      specs: [{ name: 'Processor', unit: 'vCPU', count: 1, min: 1, max: 2, cost: '1.0000' }],
    });
    const base = { companyId: acmeId, customerId: thandiId, productId: product.id, os: 'ubuntu', cpu: 1, ramGb: 1, diskGb: 20 };
    const vm = async (name: string, extra: Partial<Parameters<typeof createSimulatedVm>[1]>) => {
      vmIds[name] = (await createSimulatedVm(db, { ...base, name, ...extra })).id;
    };
    await vm('soon-01', { endInDays: 2 });
    await vm('stopped-06', { state: 'stopped', endInDays: 6, blocked: true });
    await vm('later-08', { endInDays: 8 });
    await vm('later-25', { endInDays: 25 });
    await vm('expired-01', { state: 'expired', endInDays: -1 });
    await vm('archived-01', { state: 'archived', endInDays: -30 });
    await createSimulatedVm(db, {
      ...base,
      companyId: zebraId,
      customerId: zoeId,
      productId: zebraProduct.id,
      name: 'zebra-soon',
      endInDays: 1,
    });

    const ticket = (companyId: number, customerId: number, status: string) =>
      db.insert(tickets).values({ companyId, customerId, issueType: 'Billing', description: status, status });
    for (const status of ['Open', 'Open', 'In Progress', 'Resolved', 'Closed']) await ticket(acmeId, thandiId, status);
    await ticket(zebraId, zoeId, 'Open');
  });
  afterAll(() => t.close());

  it('sums paid orders per South African day, per gateway and per currency, exact to the cent, every day present; sandbox payments apart', async () => {
    const res = await adminCall(t, admin, 'GET', `/companies/${acmeId}/dashboard/revenue?from=2024-03-08&to=2024-03-10`);
    expect(res.http).toBe(200);
    expect(res.body.data).toEqual({
      from: '2024-03-08',
      to: '2024-03-10',
      currencies: ['ZAR', 'KES', 'USD'],
      days: [
        { day: '2024-03-08', totals: { ZAR: '300.35', KES: '0.00', USD: '0.00' }, orders: 2 },
        { day: '2024-03-09', totals: { ZAR: '0.05', KES: '1500.00', USD: '19.99' }, orders: 3 },
        { day: '2024-03-10', totals: { ZAR: '1285.56', KES: '0.00', USD: '0.00' }, orders: 5 },
      ],
      gateways: [
        { gateway: 'bypass', currency: 'ZAR', total: '1234.57', orders: 1 },
        { gateway: 'payfast', currency: 'ZAR', total: '300.40', orders: 3 },
        { gateway: 'manual', currency: 'ZAR', total: '50.00', orders: 1 },
        { gateway: 'ozow', currency: 'ZAR', total: '0.99', orders: 3 },
        { gateway: 'pesapal', currency: 'KES', total: '1500.00', orders: 1 },
        { gateway: 'paypal', currency: 'USD', total: '19.99', orders: 1 },
      ],
      totals: [
        { currency: 'ZAR', total: '1585.96', orders: 8 },
        { currency: 'KES', total: '1500.00', orders: 1 },
        { currency: 'USD', total: '19.99', orders: 1 },
      ],
      testTotals: [
        { currency: 'KES', total: '700.00', orders: 1 },
        { currency: 'ZAR', total: '558.38', orders: 2 },
      ],
    });
  });

  it('shows days without revenue as 0 and defaults to the last 30 days ending today in South Africa', async () => {
    const quiet = await adminCall(t, admin, 'GET', `/companies/${acmeId}/dashboard/revenue?from=2024-02-27&to=2024-03-02`);
    expect(quiet.body.data).toMatchObject({ currencies: [], gateways: [], totals: [], testTotals: [] });
    // 2024 is a leap year: 29 February is a day of the period.
    expect(quiet.body.data.days).toEqual(
      ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'].map((day) => ({ day, totals: {}, orders: 0 })),
    );

    // 23:30 UTC on 30 June is already 1 July in Johannesburg.
    const service = createDashboardService(t.database.db);
    const byDefault = await service.revenue(acmeId, {}, new Date('2024-06-30T23:30:00Z'));
    expect(byDefault.from).toBe('2024-06-02');
    expect(byDefault.to).toBe('2024-07-01');
    expect(byDefault.days).toHaveLength(30);
    const res = await adminCall(t, admin, 'GET', `/companies/${acmeId}/dashboard/revenue`);
    expect(res.http).toBe(200);
    expect(res.body.data.days).toHaveLength(30);
  });

  it('counts active VMs per state, lists the ones expiring within 7 days soonest first, and the open tickets', async () => {
    const res = await adminCall(t, support, 'GET', `/companies/${acmeId}/dashboard`);
    expect(res.http).toBe(200);
    expect(res.body.data).toMatchObject({
      activeVms: 4,
      vmStates: { running: 3, stopped: 1, expired: 1, archived: 1 },
      expiringCount: 2,
      openTickets: 2,
      inProgressTickets: 1,
    });
    expect(res.body.data.expiring.map((v: any) => [v.id, v.name, v.state, v.blocked, v.customer.email])).toEqual([
      [vmIds['soon-01'], 'soon-01', 'running', false, 'thandi@acme-dashboard.example'],
      [vmIds['stopped-06'], 'stopped-06', 'stopped', true, 'thandi@acme-dashboard.example'],
    ]);
    const inDays = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    expect(inDays(res.body.data.expiring[0].endAt)).toBeGreaterThan(1.9);
    expect(inDays(res.body.data.expiring[0].endAt)).toBeLessThan(2.1);
  });

  it('gives revenue to owners and admins only; support sees VMs and tickets; another company’s admin gets 404', async () => {
    const revenue = `/companies/${acmeId}/dashboard/revenue?from=2024-03-08&to=2024-03-10`;
    const supportRevenue = await adminCall(t, support, 'GET', revenue);
    expect(supportRevenue.http).toBe(403);
    expect(supportRevenue.body).toMatchObject({ message: 'Your role does not allow this.', data: null });
    expect((await adminCall(t, owner, 'GET', revenue)).body.data.totals[0]).toEqual({ currency: 'ZAR', total: '1585.96', orders: 8 });
    // The owner sees the other company's own figures only.
    const zebra = await adminCall(t, owner, 'GET', `/companies/${zebraId}/dashboard/revenue?from=2024-03-08&to=2024-03-10`);
    expect(zebra.body.data.totals).toEqual([{ currency: 'ZAR', total: '500.00', orders: 1 }]);
    expect((await adminCall(t, zebraAdmin, 'GET', `/companies/${zebraId}/dashboard`)).body.data).toMatchObject({
      activeVms: 1,
      expiringCount: 1,
      openTickets: 1,
    });

    for (const url of [revenue, `/companies/${acmeId}/dashboard`]) {
      const other = await adminCall(t, zebraAdmin, 'GET', url);
      expect(other.http).toBe(404);
      expect(other.body.message).toBe('Company not found.');
      expect((await adminCall(t, null, 'GET', url)).http).toBe(401);
    }
  });

  it('refuses a bad period with 400 naming the field', async () => {
    const call = (query: string) => adminCall(t, admin, 'GET', `/companies/${acmeId}/dashboard/revenue${query}`);
    const bad = await call('?from=2024-02-30');
    expect(bad.http).toBe(400);
    expect(bad.body.data.fieldErrors).toEqual({ from: 'Use a date like 2026-11-24.' });
    const order = await call('?from=2024-03-10&to=2024-03-08');
    expect(order.http).toBe(400);
    expect(order.body.data.fieldErrors).toEqual({ to: 'The start date must not be after the end date.' });
    const long = await call('?from=2023-01-01&to=2024-03-08');
    expect(long.http).toBe(400);
    expect(long.body.data.fieldErrors).toEqual({ from: 'Choose at most 366 days.' });
    expect((await call('?from=2023-03-09&to=2024-03-08')).http).toBe(200);
  });
});
