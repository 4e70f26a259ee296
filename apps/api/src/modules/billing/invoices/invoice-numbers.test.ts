import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import type { Db } from '../../../db/client.ts';
import { invoices, legalEntities, regionSellers } from '../../../db/schema.ts';
import { createRegion } from '../../../db/seed/purchase-factories.ts';
import { issueInvoice } from './issue-invoice.ts';
import { createBuyer, createShop, insertOrder, markPaid, type Shop } from './invoices.test-helper.ts';

describe('invoice numbers', () => {
  let t: TestContext;
  let north: Shop;
  let south: Shop;
  let northBuyer: number;
  let southBuyer: number;

  beforeAll(async () => {
    t = await createTestApp();
    north = await createShop(t, 'north-numbers', 'North Cloud', 'https://north-numbers.example');
    south = await createShop(t, 'south-numbers', 'South Cloud', 'https://south-numbers.example');
    northBuyer = (await createBuyer(t.database.db, north.companyId, 'n@example.co.za')).id;
    southBuyer = (await createBuyer(t.database.db, south.companyId, 's@example.co.za')).id;
  });
  afterAll(() => t.close());

  it('run 1..10 per company without gaps or duplicates when 10 invoices are issued at once', async () => {
    const db = t.database.db;
    const batch = await Promise.all(Array.from({ length: 10 }, () => insertOrder(db, north, northBuyer)));
    const issued = await Promise.all(batch.map((order) => markPaid(db, order)));
    expect(issued.map((i) => i.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(issued.map((i) => i.token)).size).toBe(10);
    for (const { token } of issued) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("run 1..10 in a legal entity's own series, concurrently, while the company's own series goes on untouched", async () => {
    const db = t.database.db;
    const region = await createRegion(db, north.companyId, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' });
    const [entity] = await db
      .insert(legalEntities)
      .values({
        companyId: north.companyId,
        name: 'North Kenya Ltd',
        address: 'Nairobi',
        taxCountry: 'KE',
        seriesPrefix: 'KE-',
        timeZone: 'Africa/Nairobi',
        currency: 'KES',
      })
      .returning();
    await db.insert(regionSellers).values({ regionId: region.id, companyId: north.companyId, legalEntityId: entity!.id });
    const kenya = { ...north, regionId: region.id };
    const batch = await Promise.all(Array.from({ length: 10 }, () => insertOrder(db, kenya, northBuyer, { currency: 'KES' })));
    const own = await Promise.all(Array.from({ length: 3 }, () => insertOrder(db, north, northBuyer)));
    const issued = await Promise.all([...batch, ...own].map((order) => markPaid(db, order)));
    expect(
      issued
        .slice(0, 10)
        .map((i) => i.number)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const rows = await db.select().from(invoices).where(eq(invoices.legalEntityId, entity!.id));
    expect(rows).toHaveLength(10);
    // The company's own series continued after the first test's ten.
    expect(
      issued
        .slice(10)
        .map((i) => i.number)
        .sort((a, b) => a - b),
    ).toEqual([11, 12, 13]);
    // Later tests count the company's own series from here.
    await db.delete(invoices).where(eq(invoices.legalEntityId, entity!.id));
    for (const i of issued.slice(10)) await db.delete(invoices).where(eq(invoices.id, i.id));
  });

  it("are independent between companies: another company's first invoice is number 1", async () => {
    const db = t.database.db;
    const first = await markPaid(db, await insertOrder(db, south, southBuyer));
    const second = await markPaid(db, await insertOrder(db, south, southBuyer));
    const northNext = await markPaid(db, await insertOrder(db, north, northBuyer));
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(northNext.number).toBe(11);
  });

  it('never change: issuing an order twice returns the first invoice untouched', async () => {
    const db = t.database.db;
    const order = await insertOrder(db, south, southBuyer);
    const first = await markPaid(db, order, { transactionId: 'FIRST' });
    const again = await db.transaction((tx) =>
      issueInvoice(tx as unknown as Db, {
        companyId: south.companyId,
        customerId: southBuyer,
        orderId: order.id,
        attemptId: null,
        paymentMode: 'Ozow Payment',
        transactionId: 'SECOND',
        proforma: true,
      }),
    );
    expect(again).toEqual(first);
    const rows = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transactionId: 'FIRST', paymentMode: 'PayFast Payment', proforma: false });
  });

  it('issue one invoice when the same order is issued concurrently', async () => {
    const db = t.database.db;
    const order = await insertOrder(db, south, southBuyer);
    const issue = () =>
      db.transaction((tx) =>
        issueInvoice(tx as unknown as Db, {
          companyId: south.companyId,
          customerId: southBuyer,
          orderId: order.id,
          attemptId: null,
          paymentMode: 'Bypass',
          transactionId: order.reference,
          proforma: false,
        }),
      );
    const results = await Promise.all([issue(), issue(), issue()]);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
  });
});
