import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, creditNotes, invoices } from '../../../db/schema.ts';
import { createBuyer, createShop, insertOrder, markPaid, type Shop } from '../invoices/invoices.test-helper.ts';

const SITE = 'https://acme-vat-report.example';
const OTHER = 'https://zebra-vat-report.example';

/**
 * Issue 18, point 5: a seeded October of one seller — two tax invoices at 15 %, a sandbox proforma
 * (not a tax document), an invoice of 1 November 00:30 in Johannesburg (21:30 UTC on 31 October) and a
 * partial credit note — and the VAT report and CSV files adding up to the cent.
 */
describe('the VAT report and its CSV files', () => {
  let t: TestContext;
  let shop: Shop;
  let other: Shop;
  let admin: SignedInOperator;
  let support: SignedInOperator;
  let otherAdmin: SignedInOperator;
  let credited: typeof creditNotes.$inferSelect;
  const october = '?seller=company&from=2026-10-01&to=2026-10-31';
  const url = (rest: string, companyId = shop.companyId) => `/companies/${companyId}/vat-report${rest}`;
  const dated = (id: number, at: string) =>
    t.database.db
      .update(invoices)
      .set({ issuedAt: new Date(at) })
      .where(eq(invoices.id, id));

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    shop = await createShop(t, 'acme-vat-report', 'Acme Cloud', SITE);
    other = await createShop(t, 'zebra-vat-report', 'Zebra Hosting', OTHER);
    admin = await signInOperator(t, 'admin', shop.companyId);
    support = await signInOperator(t, 'support', shop.companyId);
    otherAdmin = await signInOperator(t, 'admin', other.companyId);
    const buyer = (
      await createBuyer(db, shop.companyId, 'thandi@vat.example', {
        email: 'thandi@vat.example',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        companyName: 'Nkosi Trading (Pty) Ltd',
        vatNumber: '4987654321',
      })
    ).id;
    // 569.25 incl. 74.25 VAT, and 5,750.00 incl. 750.00 VAT.
    const small = await insertOrder(db, shop, buyer);
    const big = await insertOrder(db, shop, buyer, { price: '5000.00', tax: '750.00', total: '5750.00' });
    const sandbox = await insertOrder(db, shop, buyer, { price: '1000.00', tax: '150.00', total: '1150.00' });
    const november = await insertOrder(db, shop, buyer, { price: '100.00', tax: '15.00', total: '115.00' });
    await dated((await markPaid(db, small)).id, '2026-10-03T08:00:00Z');
    await dated((await markPaid(db, big)).id, '2026-10-20T12:00:00Z');
    await dated((await markPaid(db, sandbox, { proforma: true })).id, '2026-10-21T12:00:00Z');
    await dated((await markPaid(db, november)).id, '2026-10-31T22:30:00Z');
    // Another company's October is its own.
    await dated(
      (await markPaid(db, await insertOrder(db, other, (await createBuyer(db, other.companyId, 'z@vat.example')).id))).id,
      '2026-10-10T08:00:00Z',
    );

    const res = await adminCall(t, admin, 'POST', `/companies/${shop.companyId}/orders/${big.id}/credit-notes`, {
      scope: 'part',
      amount: '575',
      reason: 'Service outage of 5 days in October',
      refund: 'manual',
      refundReference: 'EFT 2026-10-28 ABSA 4411',
      service: 'keep',
    });
    expect(res.http, res.body.message).toBe(200);
    const [note] = await db.select().from(creditNotes).where(eq(creditNotes.companyId, shop.companyId));
    credited = note!;
    await db
      .update(creditNotes)
      .set({ issuedAt: new Date('2026-10-28T09:00:00Z') })
      .where(eq(creditNotes.id, credited.id));
  });
  afterAll(() => t.close());

  it('sums October’s tax invoices by rate, deducts the credit note and shows the refund, to the cent', async () => {
    const res = await adminCall(t, admin, 'GET', url(october));
    expect(res.http, res.body.message).toBe(200);
    const report = res.body.data;
    expect(report.seller).toEqual({ name: 'Acme Cloud', taxNumber: '', timeZone: 'Africa/Johannesburg' });
    expect(report.invoices).toEqual([{ currency: 'ZAR', rate: '15.00', count: 2, net: '5495.00', vat: '824.25', gross: '6319.25' }]);
    expect(credited.total).toBe('575.00');
    expect(report.creditNotes).toEqual([
      { currency: 'ZAR', rate: '15.00', count: 1, net: credited.amountExclVat, vat: credited.vat, gross: '575.00' },
    ]);
    expect(Number(credited.amountExclVat) + Number(credited.vat)).toBeCloseTo(575, 2);
    const vat = (82425 - Math.round(Number(credited.vat) * 100)) / 100;
    expect(report.totals).toEqual([
      {
        currency: 'ZAR',
        net: ((549500 - Math.round(Number(credited.amountExclVat) * 100)) / 100).toFixed(2),
        vat: vat.toFixed(2),
        gross: '5744.25',
      },
    ]);
    expect(report.refunded).toEqual([{ currency: 'ZAR', amount: '575.00' }]);
    // November starts at midnight in Johannesburg: the invoice of 21:30 UTC on 31 October is November's.
    const november = (await adminCall(t, admin, 'GET', url('?from=2026-11-01&to=2026-11-30'))).body.data;
    expect(november.invoices).toEqual([{ currency: 'ZAR', rate: '15.00', count: 1, net: '100.00', vat: '15.00', gross: '115.00' }]);
  });

  it('exports the invoices and the credit notes as CSV with the same figures; audited', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin${url(`/invoices.csv${october}`)}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoices-2026-10-01-2026-10-31-acme-vat-report-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"Invoice","Date","Customer","Customer company","Customer VAT number","Order","Currency","VAT rate %","Excl. VAT","VAT","Total","Payment","Transaction ID"',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^"\d+","2026-10-03","Thandi Nkosi","Nkosi Trading \(Pty\) Ltd","4987654321","\d+","ZAR","15.00","495.00","74.25","569.25","PayFast Payment",/,
    );
    expect(lines[2]).toContain('"5000.00","750.00","5750.00"');

    const notes = await t.app.inject({ method: 'GET', url: `/api/admin${url(`/credit-notes.csv${october}`)}`, headers: admin.headers });
    const noteLines = notes.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(noteLines).toHaveLength(2);
    expect(noteLines[1]).toContain(`"CN-${credited.number}","2026-10-28"`);
    expect(noteLines[1]).toContain(
      `"Service outage of 5 days in October","ZAR","15.00","${credited.amountExclVat}","${credited.vat}","575.00"`,
    );
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'billing.vat_export'));
    expect(audited.map((a) => a.targetType).sort()).toEqual(['credit_notes', 'invoices']);
  });

  it('refuses a bad period or an unknown seller naming the field; support and other companies may not read it', async () => {
    const backwards = await adminCall(t, admin, 'GET', url('?from=2026-10-31&to=2026-10-01'));
    expect(backwards.http).toBe(400);
    expect(backwards.body.data.fieldErrors).toEqual({ to: 'The start date must not be after the end date.' });
    expect((await adminCall(t, admin, 'GET', url('?from=2026-02-30&to=2026-03-01'))).body.data.fieldErrors).toEqual({
      from: 'Use a date like 2026-11-24.',
    });
    const seller = await adminCall(t, admin, 'GET', url('?seller=999&from=2026-10-01&to=2026-10-31'));
    expect(seller.http).toBe(400);
    expect(seller.body.data.fieldErrors).toEqual({
      seller: 'Choose a seller: one of the company’s legal entities, or the company itself.',
    });
    expect((await adminCall(t, support, 'GET', url(october))).http).toBe(403);
    expect((await adminCall(t, otherAdmin, 'GET', url(october))).http).toBe(404);
    const own = (await adminCall(t, otherAdmin, 'GET', url(october, other.companyId))).body.data;
    expect(own.invoices).toEqual([{ currency: 'ZAR', rate: '15.00', count: 1, net: '495.00', vat: '74.25', gross: '569.25' }]);
  });
});
