import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext } from '../../../../test/test-app.ts';
import { signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orders, paymentAttempts, vms } from '../../../db/schema.ts';
import { createBuyer, insertOrder, markPaid, readPdf, type Shop } from './invoices.test-helper.ts';

import { LONG_NAME, LONG_STREET, ZEBRA, openInvoicesWorld } from './invoices-world.test-helper.ts';

describe('invoices: the PDF and the purchase history', () => {
  let t: TestContext;
  let acme: Shop;
  let zebra: Shop;
  let buyer: SignedIn;
  let other: SignedIn;
  let zebraBuyer: SignedIn;
  let paid: { orderId: number; token: string; number: number };
  let proforma: { orderId: number; token: string };
  let unpaidOrderId: number;
  let as: Awaited<ReturnType<typeof openInvoicesWorld>>['as'];
  let pdf: Awaited<ReturnType<typeof openInvoicesWorld>>['pdf'];
  let history: Awaited<ReturnType<typeof openInvoicesWorld>>['history'];

  beforeAll(async () => {
    ({ t, acme, zebra, buyer, other, zebraBuyer, paid, proforma, unpaidOrderId, as, pdf, history } = await openInvoicesWorld());
  });
  afterAll(() => t.close());

  describe('the PDF', () => {
    it('is an inline, uncached A4 PDF with the company, customer, lines, tax, total and the PAID watermark', async () => {
      const started = performance.now();
      const res = await pdf(paid.token, as(buyer));
      const elapsed = performance.now() - started;
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="invoice-\d+\.pdf"$/);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text, pages, pageWidth } = await readPdf(res.rawPayload);
      console.log(`invoice PDF: ${res.rawPayload.length} bytes, request ${elapsed.toFixed(1)} ms (first render, logo load included)`);
      expect(pages).toBe(1);
      expect(Math.round(pageWidth)).toBe(595);
      for (const expected of [
        'Acme Cloud',
        '1 Example Street',
        'Midrand, 1685, South Africa',
        'VAT No: 4000000001',
        'hello@acme-invoices.example',
        'https://www.acme-invoices.example',
        'Tax Invoice',
        'PAID',
        'Thandi Nkosi',
        'Nkosi Trading (Pty) Ltd',
        '12 Long Street, Cape Town, Western Cape, 8001, South Africa',
        'VAT No: 4987654321',
        'Ubuntu 22.04 LTS',
        'Processor',
        '2 vCPU',
        'R720.00',
        'Memory',
        '8 GB',
        'R1,080.00',
        'Disk',
        '100 GB',
        'R450.00',
        'R2,250.00',
        '-R65.25',
        'VAT (15%)',
        'R337.50',
        'Total R2,522.25',
        'Balance R0.00',
        'PayFast Payment',
        '1234567',
        `Order ID ${paid.orderId}`,
        `Invoice No. ${paid.number}`,
      ])
        expect(text, expected).toContain(expected);
      expect(text).toMatch(/Issue date \d{2} [A-Z][a-z]{2}, \d{4}/);
      expect(text).toMatch(/VM end date \d{2} [A-Z][a-z]{2}, \d{4}/);
      expect(text).not.toContain('Proforma');
      expect(text).not.toContain('Arrears');
      // The logo's own text was drawn (the demo SVG).
      expect(text).toContain('Mawingu');
    });

    // How fast: bench/invoice-pdf.ts (npm run bench:invoice), not a timed test.
    it('serves the same invoice again and again', async () => {
      for (let i = 0; i < 3; i++) expect((await pdf(paid.token, as(buyer))).statusCode).toBe(200);
    });

    it('says "Proforma Invoice" without the watermark for a test transaction', async () => {
      const res = await pdf(proforma.token, as(buyer));
      expect(res.headers['content-disposition']).toMatch(/proforma-invoice-\d+\.pdf/);
      const { text } = await readPdf(res.rawPayload);
      expect(text).toContain('Proforma Invoice');
      expect(text).toContain('TEST-99');
      expect(text).not.toContain('PAID');
    });

    it('wraps a 390-character product name, a long address and a long transaction id inside the page', async () => {
      const db = t.database.db;
      const customer = await createBuyer(db, acme.companyId, 'long@example.co.za', {
        email: 'long@example.co.za',
        address: LONG_STREET,
        city: 'Cape Town',
        companyName: 'A Company With A Remarkably Long Registered Name (Proprietary) Limited Of The Western Cape',
      });
      const order = await insertOrder(db, acme, customer.id, { productName: LONG_NAME, arrears: '12.40', total: '581.65', kind: 3 });
      const issued = await markPaid(db, order, { transactionId: 'T'.repeat(150) });
      const res = await pdf(issued.token, as(await signIn(t, acme.companyId, customer.id)));
      expect(res.statusCode).toBe(200);
      const { text, rightmost, pageWidth } = await readPdf(res.rawPayload);
      expect(rightmost).toBeLessThanOrEqual(pageWidth - 40);
      // Wrapped at spaces, so the words read back in order.
      expect(text).toContain(LONG_NAME.slice(0, 120));
      expect(text.replace(/ /g, '')).toContain(LONG_NAME.replace(/ /g, ''));
      expect(text).toContain('Arrears');
      expect(text).toContain('R581.65');
    });
  });

  describe('purchase history', () => {
    it("lists the customer's orders newest first with the spec's names; the invoice only for paid ones", async () => {
      const res = await history(buyer);
      expect(res.http).toBe(200);
      const rows = res.body.data;
      expect(rows.map((r) => r.ID)).toEqual([unpaidOrderId, proforma.orderId, paid.orderId]);
      const [unpaid, test, done] = rows;
      expect(done).toMatchObject({
        vmName: 'ubuntu-22-1',
        productName: 'Ubuntu 22.04 LTS',
        bankReference: 'VM Purchase',
        transactionID: '1234567',
        currencyCode: 'ZAR',
        totalCost: '2522.25',
        charged: null,
        paymentMode: 'PayFast Payment',
        transactionStatus: 'Complete',
        isClone: 0,
        invoiceToken: paid.token,
      });
      expect(test).toMatchObject({
        vmName: 'ubuntu-22-2',
        transactionStatus: 'Complete',
        invoiceToken: proforma.token,
        transactionID: 'TEST-99',
      });
      expect(unpaid).toMatchObject({
        transactionStatus: 'Created',
        invoiceToken: null,
        transactionID: null,
        paymentMode: 'PayFast Payment',
        totalCost: '2522.25',
      });
    });

    it('shows cancelled and failed purchases, every kind, the VM name once there is a VM, and the bypass', async () => {
      const db = t.database.db;
      const customer = await createBuyer(db, acme.companyId, 'kinds@example.co.za');
      const who = await signIn(t, acme.companyId, customer.id);
      const bought = await insertOrder(db, acme, customer.id);
      await markPaid(db, bought, { transactionId: 'PF-1' });
      await db.insert(vms).values({
        companyId: acme.companyId,
        customerId: customer.id,
        orderId: bought.id,
        productId: acme.productId,
        provider: 'simulator',
        name: 'vm-thandi-01',
        os: 'ubuntu',
        cpu: 2,
        ramGb: 4,
        diskGb: 50,
        days: 30,
      });
      const cancelled = await insertOrder(db, acme, customer.id, { status: 'cancelled' });
      await db.insert(paymentAttempts).values({
        companyId: acme.companyId,
        orderId: cancelled.id,
        gateway: 'payfast',
        reference: `x-${cancelled.id}`,
        amount: cancelled.total,
        currency: 'ZAR',
        status: 'cancelled',
      });
      // Cancelled without ever going to a gateway: expired unused (orders/open-orders.ts), not listed.
      const expired = await insertOrder(db, acme, customer.id, { status: 'cancelled' });
      const failed = await insertOrder(db, acme, customer.id);
      await db.insert(paymentAttempts).values({
        companyId: acme.companyId,
        orderId: failed.id,
        gateway: 'ozow',
        reference: `f-${failed.id}`,
        gatewayReference: 'OZ-9',
        amount: failed.total,
        currency: 'ZAR',
        status: 'failed',
      });
      const userCancelled = await insertOrder(db, acme, customer.id);
      await db.insert(paymentAttempts).values({
        companyId: acme.companyId,
        orderId: userCancelled.id,
        gateway: 'paypal',
        reference: `c-${userCancelled.id}`,
        amount: '35.86',
        currency: 'USD',
        status: 'cancelled',
      });
      const clone = await insertOrder(db, acme, customer.id, { kind: 2 });
      const snapshot = await insertOrder(db, acme, customer.id, { kind: 2 }, [{ name: 'Disk', unit: 'GB', count: 50, amount: '75.00' }]);
      const renew = await insertOrder(db, acme, customer.id, { kind: 3 });
      const update = await insertOrder(db, acme, customer.id, { kind: 4 });
      const multi = await insertOrder(db, acme, customer.id, { kind: 5 });
      const bypass = await insertOrder(db, acme, customer.id, { gateway: null, bypass: true });
      await markPaid(db, bypass, { gateway: 'bypass', paymentMode: 'Bypass', transactionId: bypass.reference });

      const rows = (await history(who)).body.data;
      const row = (id: number) => rows.find((r) => r.ID === id)!;
      expect(rows).toHaveLength(10);
      expect(rows.map((r) => r.ID)).not.toContain(expired.id);
      expect(row(bought.id)).toMatchObject({ vmName: 'vm-thandi-01', transactionStatus: 'Complete', transactionID: 'PF-1' });
      expect(row(cancelled.id)).toMatchObject({ transactionStatus: 'Cancelled', invoiceToken: null });
      expect(row(failed.id)).toMatchObject({
        transactionStatus: 'Failed',
        paymentMode: 'Ozow Payment',
        transactionID: 'OZ-9',
        invoiceToken: null,
      });
      expect(row(userCancelled.id)).toMatchObject({ transactionStatus: 'Cancelled', paymentMode: 'Paypal Payment' });
      expect(row(clone.id)).toMatchObject({ bankReference: 'VM Clone', isClone: 1 });
      expect(row(snapshot.id)).toMatchObject({ bankReference: 'VM Snapshot', isClone: 1 });
      expect(row(renew.id).bankReference).toBe('VM Renew');
      expect(row(update.id)).toMatchObject({ bankReference: 'VM Update', updateID: update.id });
      expect(row(multi.id).bankReference).toBe('VM Multiple Renew');
      expect(row(bypass.id)).toMatchObject({ paymentMode: 'Bypass', transactionStatus: 'Complete' });
      expect(row(bypass.id).invoiceToken).toEqual(expect.any(String));
      for (const r of rows) if (r.transactionStatus !== 'Complete') expect(r.invoiceToken).toBeNull();
    });

    it("never lists another customer's or another company's orders", async () => {
      const theirs = await history(other);
      expect(theirs.body.data).toEqual([]);
      await insertOrder(t.database.db, zebra, zebraBuyer.customerId);
      const zebraRows = (await history(zebraBuyer, ZEBRA)).body.data;
      expect(zebraRows).toHaveLength(1);
      const acmeIds = (
        await t.database.db
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.companyId, acme.companyId)))
      ).map((o) => o.id);
      expect(zebraRows.every((r) => !acmeIds.includes(r.ID))).toBe(true);
    });
  });
});
