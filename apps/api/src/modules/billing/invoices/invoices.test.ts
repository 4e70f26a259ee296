import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { type SignedIn } from '../../../../test/sign-in.ts';
import { companies, customers, productSpecs } from '../../../db/schema.ts';
import { type Shop } from './invoices.test-helper.ts';

import { ACME, ZEBRA, openInvoicesWorld } from './invoices-world.test-helper.ts';

describe('invoices: generateInvoice and who may open one', () => {
  let t: TestContext;
  let acme: Shop;
  let buyer: SignedIn;
  let other: SignedIn;
  let zebraBuyer: SignedIn;
  let paid: { orderId: number; token: string; number: number };
  let proforma: { orderId: number; token: string };
  let as: Awaited<ReturnType<typeof openInvoicesWorld>>['as'];
  let pdf: Awaited<ReturnType<typeof openInvoicesWorld>>['pdf'];

  beforeAll(async () => {
    ({ t, acme, buyer, other, zebraBuyer, paid, proforma, as, pdf } = await openInvoicesWorld());
  });
  afterAll(() => t.close());

  describe('generateInvoice', () => {
    it('gives the owner the invoice with the frozen figures, the company and the customer', async () => {
      const res = await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(buyer));
      expect(res.http).toBe(200);
      const { invoiceDetail, companyDetail, userDetails, pdfUrl } = res.body.data;
      expect(invoiceDetail).toMatchObject({
        orderID: paid.orderId,
        invoiceNumber: paid.number,
        // The VM's own name, suggested when the order was made (no VM is built in this test).
        vmName: 'ubuntu-22-1',
        aliasName: null,
        productName: 'Ubuntu 22.04 LTS',
        region: 'South Africa',
        validity: 90,
        currencyCode: 'ZAR',
        cost: '2250.00',
        discount: '65.25',
        tax: '15.00',
        taxAmount: '337.50',
        arrears: '0.00',
        totalCost: '2522.25',
        balance: '0.00',
        ram_Count: 8,
        cpu_Count: 2,
        disk_Count: 100,
        paymentMode: 'PayFast Payment',
        transactionID: '1234567',
        // Paid in its own currency: nothing charged in another.
        charged: null,
        isTestTransaction: 0,
      });
      expect(invoiceDetail.lines.map((l: { name: string; amount: string }) => `${l.name} ${l.amount}`)).toEqual([
        'Processor 720.00',
        'Memory 1080.00',
        'Disk 450.00',
      ]);
      // The lines, tax and discount add up to the total to the cent.
      const cents = (v: string) => Math.round(Number(v) * 100);
      const sum = invoiceDetail.lines.reduce((s: number, l: { amount: string }) => s + cents(l.amount), 0);
      expect(sum + cents(invoiceDetail.taxAmount) - cents(invoiceDetail.discount)).toBe(cents(invoiceDetail.totalCost));
      expect(new Date(invoiceDetail.endDate).getTime() - new Date(invoiceDetail.transactionDate).getTime()).toBeGreaterThan(
        89 * 86_400_000,
      );
      expect(companyDetail).toMatchObject({
        companyName: 'Acme Cloud',
        officeAddress: '1 Example Street',
        city: 'Midrand',
        country: 'South Africa',
        websiteURL: 'https://www.acme-invoices.example',
      });
      expect(companyDetail.imagePath).toMatch(/^\/api\/files\//);
      expect(userDetails).toEqual({
        firstName: 'Thandi',
        lastName: 'Nkosi',
        emailId: 'buyer@example.co.za',
        companyName: 'Nkosi Trading (Pty) Ltd',
        address: '12 Long Street, Cape Town, Western Cape, 8001, South Africa',
        vatNumber: '4987654321',
      });
      expect(pdfUrl).toBe(`/api/invoice/pdf/${paid.token}`);
    });

    it("takes the token in the spec's productID too", async () => {
      const res = await post(t.app, 'invoice/generateInvoice', { productID: paid.token }, as(buyer));
      expect(res.http).toBe(200);
      expect(res.body.data.invoiceDetail.orderID).toBe(paid.orderId);
    });

    it('never recomputes: a later price change leaves the invoice as issued', async () => {
      await t.database.db.update(productSpecs).set({ costPerUnit: '999.0000' }).where(eq(productSpecs.productId, acme.productId));
      const res = await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(buyer));
      expect(res.body.data.invoiceDetail.totalCost).toBe('2522.25');
      expect(res.body.data.invoiceDetail.lines[0].amount).toBe('720.00');
    });

    it('keeps the seller and buyer as issued: a later move of the company or the customer leaves it alone', async () => {
      const before = (await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(buyer))).body.data;
      await t.database.db
        .update(companies)
        .set({ officeAddress: '99 New Road', vatNumber: '4999999999' })
        .where(eq(companies.id, acme.companyId));
      await t.database.db
        .update(customers)
        .set({ address: '7 Other Street', firstName: 'Renamed' })
        .where(eq(customers.id, buyer.customerId));
      const after = (await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(buyer))).body.data;
      expect([after.companyDetail, after.userDetails]).toEqual([before.companyDetail, before.userDetails]);
      expect(after.companyDetail.companyVATNumber).toBe('4000000001');
      await t.database.db
        .update(companies)
        .set({ officeAddress: '1 Example Street', vatNumber: '4000000001' })
        .where(eq(companies.id, acme.companyId));
      await t.database.db
        .update(customers)
        .set({ address: '12 Long Street', firstName: 'Thandi' })
        .where(eq(customers.id, buyer.customerId));
    });

    it('marks a test transaction as a proforma', async () => {
      const res = await post(t.app, 'invoice/generateInvoice', { token: proforma.token }, as(buyer));
      expect(res.body.data.invoiceDetail.isTestTransaction).toBe(1);
    });
  });

  describe('who may open an invoice', () => {
    it('needs a session (401) for every call', async () => {
      expect((await post(t.app, 'invoice/generateInvoice', { token: paid.token }, { origin: ACME })).http).toBe(401);
      expect((await pdf(paid.token, { origin: ACME })).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/virtualMachine/getPurchaseHistory', headers: { origin: ACME } })).statusCode,
      ).toBe(401);
    });

    it("answers another customer's token with 404 and no data", async () => {
      const res = await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(other));
      expect(res.http).toBe(404);
      expect(res.body).toEqual({ status: 404, message: messages.invoiceNotFound, data: null });
      const file = await pdf(paid.token, as(other));
      expect(file.statusCode).toBe(404);
      expect(file.headers['content-type']).toMatch(/json/);
      expect(file.body).not.toContain('2522');
    });

    it("answers another company's customer with 404", async () => {
      expect((await post(t.app, 'invoice/generateInvoice', { token: paid.token }, as(zebraBuyer, ZEBRA))).http).toBe(404);
      expect((await pdf(paid.token, as(zebraBuyer, ZEBRA))).statusCode).toBe(404);
    });

    it('refuses malformed or unknown tokens with 400 or 404, never a 500', async () => {
      for (const token of [
        'abc',
        '../../../../etc/passwd',
        "x' or '1'='1'--aaaaaaaaaa",
        'A'.repeat(500),
        '%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
        'Zm9vYmFyYmF6cXV1eGNvcmdlZ3JhdWx0',
      ]) {
        const json = await post(t.app, 'invoice/generateInvoice', { token }, as(buyer));
        expect([400, 404], token).toContain(json.http);
        expect(json.body.data?.invoiceDetail).toBeUndefined();
        const file = await pdf(encodeURIComponent(token), as(buyer));
        // 414 when the address itself is too long for the router.
        expect([400, 404, 414], token).toContain(file.statusCode);
      }
      for (const body of [{}, { token: 42 }, { token: null }, { productID: ['a'] }]) {
        expect([400, 404]).toContain((await post(t.app, 'invoice/generateInvoice', body, as(buyer))).http);
      }
    });
  });
});
