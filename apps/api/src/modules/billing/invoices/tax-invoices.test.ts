import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { invoices, paymentAttempts } from '../../../db/schema.ts';
import { createRegion } from '../../../db/seed/purchase-factories.ts';
import { createBuyer, createShop, insertOrder, markPaid, readPdf, type Shop } from './invoices.test-helper.ts';

/**
 * Tax invoices as SARS and KRA want them (issue 18, points 1 and 2), read back from the PDF: the
 * full and the abridged South African form, the Kenyan entity's invoice in its own series and on
 * Nairobi's calendar, the copy, the proforma, and the rand VAT of a charge in dollars.
 */
const SITE = 'https://acme-tax.example';

/** R5,750.00: above R5,000, so a full tax invoice. */
const FULL = { price: '5000.00', tax: '750.00', total: '5750.00' };
const BIG_LINES = [
  { name: 'Processor', unit: 'vCPU', count: 8, amount: '2400.00' },
  { name: 'Memory', unit: 'GB', count: 32, amount: '1800.00' },
  { name: 'Disk', unit: 'GB', count: 400, amount: '800.00' },
];
/** Exactly R5,000.00 is still abridged ("exceeds R5,000" makes it full). */
const AT_THRESHOLD = { price: '4347.83', tax: '652.17', total: '5000.00' };

describe('tax invoices', () => {
  let t: TestContext;
  let shop: Shop;
  let kenya: Shop;
  let vendor: SignedIn;
  let consumer: SignedIn;
  let vendorId: number;
  let consumerId: number;
  let admin: SignedInOperator;

  const as = (who: SignedIn) => authHeaders(SITE, who);
  const pdfText = async (token: string, who: SignedIn) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/invoice/pdf/${token}`, headers: as(who) });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return { text: (await readPdf(res.rawPayload)).text, disposition: String(res.headers['content-disposition']) };
  };
  const detailOf = async (token: string, who: SignedIn) => (await post(t.app, 'invoice/generateInvoice', { token }, as(who))).body.data;
  const count = (text: string, part: string) => text.split(part).length - 1;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    shop = await createShop(t, 'acme-tax', 'Acme Cloud', SITE);
    const ke = await createRegion(db, shop.companyId, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' });
    kenya = { ...shop, regionId: ke.id };
    vendorId = (
      await createBuyer(db, shop.companyId, 'vendor@example.co.za', {
        email: 'vendor@example.co.za',
        firstName: 'Thandi',
        lastName: 'Nkosi',
        companyName: 'Nkosi Trading (Pty) Ltd',
        address: '12 Long Street',
        city: 'Cape Town',
        vatNumber: '4987654321',
      })
    ).id;
    consumerId = (
      await createBuyer(db, shop.companyId, 'sipho@example.co.za', {
        email: 'sipho@example.co.za',
        firstName: 'Sipho',
        lastName: 'Dube',
        address: '',
        city: '',
        state: '',
        postCode: '',
        region: '',
      })
    ).id;
    vendor = await signIn(t, shop.companyId, vendorId);
    consumer = await signIn(t, shop.companyId, consumerId);
    admin = await signInOperator(t, 'admin', shop.companyId);

    // The Kenyan entity, entered in the console and named as Kenya's seller.
    const created = await adminCall(t, admin, 'POST', `/companies/${shop.companyId}/legal-entities`, {
      name: 'Acme Cloud Kenya Limited',
      address: '14 Riverside Drive, Westlands, Nairobi, Kenya',
      taxCountry: 'KE',
      taxNumber: 'p051234567x',
      seriesPrefix: 'KE-',
      timeZone: 'Africa/Nairobi',
      currency: 'KES',
    });
    expect(created.http, created.body.message).toBe(200);
    const entityId = created.body.data.entities[0].id as number;
    const sellers = await adminCall(t, admin, 'PUT', `/companies/${shop.companyId}/region-sellers`, {
      regions: [{ regionId: ke.id, legalEntityId: entityId }],
    });
    expect(sellers.http, sellers.body.message).toBe(200);
  });
  afterAll(() => t.close());

  it('a full tax invoice above R5,000 names the supplier and the recipient with their VAT numbers, the quantities, VAT and total', async () => {
    const order = await insertOrder(t.database.db, shop, vendorId, FULL, BIG_LINES);
    const issued = await markPaid(t.database.db, order);
    expect((await detailOf(issued.token, vendor)).invoiceDetail).toMatchObject({ taxForm: 'full', serialNumber: String(issued.number) });
    const { text } = await pdfText(issued.token, vendor);
    for (const expected of [
      'Tax Invoice',
      // Supplier: name, address, VAT number.
      'Acme Cloud',
      '1 Example Street',
      'VAT No: 4000000001',
      // Serial number and date.
      `Invoice No. ${issued.number}`,
      // Recipient: name, address, VAT number.
      'Thandi Nkosi',
      'Nkosi Trading (Pty) Ltd',
      '12 Long Street, Cape Town',
      'VAT No: 4987654321',
      // Description, quantity, value, VAT and total.
      'DESCRIPTION QUANTITY AMOUNT',
      'Processor 8 vCPU R2,400.00',
      'Memory 32 GB R1,800.00',
      'Disk 400 GB R800.00',
      'Price excl. VAT R5,000.00',
      'VAT (15%) R750.00',
      'Total R5,750.00',
      'Total includes VAT at 15%',
    ])
      expect(text, expected).toContain(expected);
    expect(text).toMatch(/Issue date \d{2} [A-Z][a-z]{2}, \d{4}/);
    expect(text).not.toContain('Proforma');
    expect(text).not.toContain('COPY');
  });

  it('a full tax invoice to a customer without a VAT number prints no recipient VAT number and says a missing address', async () => {
    const order = await insertOrder(t.database.db, shop, consumerId, FULL, BIG_LINES);
    const issued = await markPaid(t.database.db, order);
    const { text } = await pdfText(issued.token, consumer);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain('Sipho Dube');
    expect(text).toContain('Address: not on record');
    // Only the supplier's VAT number.
    expect(count(text, 'VAT No:')).toBe(1);
  });

  it('an abridged tax invoice up to R5,000 needs no recipient details but keeps the supplier, serial, date, VAT and total', async () => {
    const db = t.database.db;
    const small = await markPaid(db, await insertOrder(db, shop, consumerId));
    const edge = await markPaid(db, await insertOrder(db, shop, consumerId, AT_THRESHOLD));
    expect((await detailOf(small.token, consumer)).invoiceDetail.taxForm).toBe('abridged');
    expect((await detailOf(edge.token, consumer)).invoiceDetail.taxForm).toBe('abridged');
    const { text } = await pdfText(small.token, consumer);
    for (const expected of [
      'Tax Invoice',
      'Acme Cloud',
      '1 Example Street',
      'VAT No: 4000000001',
      `Invoice No. ${small.number}`,
      'VAT (15%) R74.25',
      'Total R569.25',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('not on record');
    expect(count(text, 'VAT No:')).toBe(1);

    // The same small supply to a vendor still shows its VAT number: allowed, and what it files.
    const withVat = await markPaid(db, await insertOrder(db, shop, vendorId));
    const vendorText = (await pdfText(withVat.token, vendor)).text;
    expect(vendorText).toContain('VAT No: 4987654321');
    expect((await detailOf(withVat.token, vendor)).invoiceDetail.taxForm).toBe('abridged');
  });

  it("a Kenyan order is invoiced by the Kenyan entity, in its own series, on Nairobi's calendar, with its KRA PIN and 16 % VAT", async () => {
    const db = t.database.db;
    const kes = { regionName: 'Kenya', currency: 'KES', taxPercent: '16.00', price: '5100.00', tax: '816.00', total: '5916.00' };
    const before = await markPaid(db, await insertOrder(db, shop, vendorId));
    const firstOrder = await insertOrder(db, kenya, vendorId, kes);
    const first = await markPaid(db, firstOrder);
    const second = await markPaid(db, await insertOrder(db, kenya, vendorId, kes));
    const after = await markPaid(db, await insertOrder(db, shop, vendorId));
    // Each series runs on without gaps: Kenya's from 1, the company's own untouched by Kenya's.
    expect([first.number, second.number]).toEqual([1, 2]);
    expect(after.number).toBe(before.number + 1);

    // Paid at 21:30 UTC on 27 November: already the 28th in Nairobi, still the 27th in Johannesburg.
    const lateEvening = new Date('2026-11-27T21:30:00Z');
    for (const id of [first.id, before.id]) await db.update(invoices).set({ issuedAt: lateEvening }).where(eq(invoices.id, id));

    const { text, disposition } = await pdfText(first.token, vendor);
    for (const expected of [
      'Tax Invoice',
      'Acme Cloud Kenya Limited',
      '14 Riverside Drive, Westlands, Nairobi, Kenya',
      'KRA PIN: P051234567X',
      'Invoice No. KE-1',
      'Issue date 28 Nov, 2026',
      'VAT (16%) KES 816.00',
      'Total KES 5,916.00',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toContain('VAT No: 4000000001');
    // The buyer's South African VAT number is not a KRA PIN: a Kenyan invoice prints only their KRA PIN (ADR 0121).
    expect(text).not.toContain('4987654321');
    expect(disposition).toContain('filename="invoice-KE-1.pdf"');
    expect((await detailOf(first.token, vendor)).invoiceDetail).toMatchObject({ taxForm: 'kenya', serialNumber: 'KE-1', invoiceNumber: 1 });
    expect((await detailOf(second.token, vendor)).invoiceDetail.serialNumber).toBe('KE-2');
    // The console's order page names it by its serial too.
    const inConsole = await adminCall(t, admin, 'GET', `/companies/${shop.companyId}/orders/${firstOrder.id}`);
    expect(inConsole.body.data.invoice).toMatchObject({ number: 1, serialNumber: 'KE-1' });
    expect((await pdfText(before.token, vendor)).text).toContain('Issue date 27 Nov, 2026');
  });

  it('keeps the entity as issued: a later change of the Kenyan entity leaves the issued invoice alone', async () => {
    const db = t.database.db;
    const kes = { regionName: 'Kenya', currency: 'KES', taxPercent: '16.00' };
    const issued = await markPaid(db, await insertOrder(db, kenya, vendorId, kes));
    const list = await adminCall(t, admin, 'GET', `/companies/${shop.companyId}/legal-entities`);
    const entity = list.body.data.entities[0];
    const { id, invoiceCount: _n, ...fields } = entity;
    const moved = await adminCall(t, admin, 'PUT', `/companies/${shop.companyId}/legal-entities/${id}`, {
      ...fields,
      address: 'Upper Hill, Nairobi',
    });
    expect(moved.http, moved.body.message).toBe(200);
    const { text } = await pdfText(issued.token, vendor);
    expect(text).toContain('14 Riverside Drive');
    expect(text).not.toContain('Upper Hill');
  });

  it('marks a download after the first viewing "Copy"; the first viewing (a viewer fetching twice) is the original; the console reads a copy', async () => {
    const db = t.database.db;
    const issued = await markPaid(db, await insertOrder(db, shop, vendorId));
    const [row] = await db.select({ deliveredAt: invoices.deliveredAt }).from(invoices).where(eq(invoices.id, issued.id));
    expect(row!.deliveredAt).toBeNull();
    const original = await pdfText(issued.token, vendor);
    expect(original.text).not.toContain('COPY');
    expect(original.text).not.toContain('(Copy)');
    expect((await pdfText(issued.token, vendor)).text).not.toContain('COPY');

    // An hour after it was first delivered, the customer downloads it again.
    await db
      .update(invoices)
      .set({ deliveredAt: new Date(Date.now() - 3600_000) })
      .where(eq(invoices.id, issued.id));
    const again = await pdfText(issued.token, vendor);
    expect(again.text).toContain('COPY');
    expect(again.text).toContain(`Tax Invoice ${issued.number} (Copy)`);
    expect(again.text).toContain('Tax Invoice');

    const fresh = await markPaid(db, await insertOrder(db, shop, vendorId));
    const [freshOrder] = await db.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, fresh.id));
    const console = await adminCall(t, admin, 'GET', `/companies/${shop.companyId}/orders/${freshOrder!.orderId}/invoice/pdf`);
    expect(console.http).toBe(200);
    expect((await readPdf(console.raw.rawPayload)).text).toContain('COPY');
    // Reading it in the console did not take the customer's original.
    expect((await pdfText(fresh.token, vendor)).text).not.toContain('COPY');
  });

  it('a test transaction stays a "Proforma Invoice" that says it is not a tax invoice', async () => {
    const issued = await markPaid(t.database.db, await insertOrder(t.database.db, shop, vendorId, FULL, BIG_LINES), { proforma: true });
    const { text } = await pdfText(issued.token, vendor);
    expect(text).toContain('Proforma Invoice');
    expect(text).toContain('Test transaction: not a tax invoice.');
    expect(text).not.toContain('Tax Invoice');
    expect((await detailOf(issued.token, vendor)).invoiceDetail.taxForm).toBe('proforma');
  });

  it('a rand invoice charged in US dollars states the VAT in rand beside the charge and the rate used', async () => {
    const db = t.database.db;
    const order = await insertOrder(db, shop, vendorId, { gateway: 'paypal' });
    const issued = await markPaid(db, order, { gateway: 'paypal', paymentMode: 'Paypal Payment', transactionId: 'PAYPAL-CAPTURE-1' });
    await db
      .update(paymentAttempts)
      .set({ currency: 'USD', amount: '35.86', exchangeRate: '0.063000' })
      .where(eq(paymentAttempts.orderId, order.id));
    const { text } = await pdfText(issued.token, vendor);
    for (const expected of ['Charged USD 35.86', 'Rate 1 ZAR = 0.063 USD', 'VAT in ZAR R74.25 (15%)', 'Total R569.25'])
      expect(text, expected).toContain(expected);
  });
});
