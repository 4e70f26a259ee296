import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import { orderLines, orders } from '../../../db/schema.ts';
import { BYPASS, openPurchaseWorld, type PurchaseWorld } from './purchase.test-helper.ts';

describe('buying a new VM: CreateOrder’s figures', () => {
  let t: TestContext;
  let acme: PurchaseWorld['acme'];
  let buyer: SignedIn;
  let bypassBuyer: SignedIn;
  let bypassProduct: number;
  let as: PurchaseWorld['as'];
  let order90: PurchaseWorld['order90'];

  beforeAll(async () => {
    ({ t, acme, buyer, bypassBuyer, bypassProduct, as, order90 } = await openPurchaseWorld());
  });
  afterAll(() => t.close());

  describe('CreateOrder', () => {
    it('creates the order with the server’s figures, frozen lines and the payment that comes next', async () => {
      const res = await post(t.app, 'virtualMachine/CreateOrder', order90(), as(buyer));
      expect(res.http).toBe(200);
      const data = res.body.data;
      // 90 days = 3 price periods. Processor 120 × 2 × 3 = 720.00; Memory 45 × 8 × 3 = 1080.00;
      // Disk 1.50 × 100 × 3 = 450.00; price 2250.00; tax 15 % = 337.50;
      // discount 5 % of 1080.00 + 2.5 % of 450.00 = 54.00 + 11.25 = 65.25; total 2250 + 337.50 − 65.25 = 2522.25.
      expect(data).toMatchObject({
        kind: 1,
        status: 'created',
        productID: acme.product,
        // The suggested name: the product's short name and the first free number.
        vmName: 'ubuntu-test-1',
        productName: 'Ubuntu Test',
        aliasName: null,
        regionID: acme.za,
        regionName: 'South Africa',
        timePeriod: 90,
        currencyCode: 'ZAR',
        tax: '15.00',
        cost: '2250.00',
        discount: '65.25',
        taxAmount: '337.50',
        arrears: '0.00',
        amount: '2522.25',
        paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
        paymentMode: 'PayFast Payment',
        byPassFlag: 0,
        bankReference: 'VM Purchase',
      });
      expect(data.lines).toEqual([
        { name: 'Processor', unit: 'vCPU', count: 2, amount: '720.00' },
        { name: 'Memory', unit: 'GB', count: 8, amount: '1080.00' },
        { name: 'Disk', unit: 'GB', count: 100, amount: '450.00' },
      ]);
      // USD at 0.063: 141.75, tax 21.2625 → 21.26, discount 4.11075 → 4.11; payable 141.75 + 21.26 − 4.11.
      expect(data.totalsInUsd).toEqual({
        currency: 'USD',
        price: '141.75',
        tax: '21.26',
        discount: '4.11',
        arrears: '0.00',
        total: '158.90',
      });
      expect(data.transactionReference).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.message).toBe(messages.orderCreated);

      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, data.orderID));
      expect(row).toMatchObject({
        customerId: buyer.customerId,
        companyId: acme.id,
        kind: 1,
        status: 'created',
        price: '2250.00',
        tax: '337.50',
        discount: '65.25',
        total: '2522.25',
        days: 90,
        gateway: 'payfast',
        reference: data.transactionReference,
      });
      const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, data.orderID)).orderBy(orderLines.sortOrder);
      expect(lines.map((l) => [l.name, l.count, l.costPerUnit, l.discountPercent, l.amount])).toEqual([
        ['Processor', 2, '120.0000', '0.00', '720.00'],
        ['Memory', 8, '45.0000', '5.00', '1080.00'],
        ['Disk', 100, '1.5000', '2.50', '450.00'],
      ]);
    });

    it('rounds each figure half-up once (a year: 365 / 30 price periods)', async () => {
      // Processor 120 × 2 × 365 / 30 = 2920.00; Memory 45 × 3 × 365 / 30 = 1642.50; Disk 1.50 × 30 × 365 / 30 = 547.50;
      // price 5110.00; tax 766.50; discount 82.125 + 13.6875 = 95.8125 → 95.81; total 5110 + 766.50 − 95.81 = 5780.69.
      const res = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: specificationOf(3, 2, 30),
          timePeriod: 365,
          cost: 5110,
          taxAmount: '766.5',
          discountAmount: '95.81',
          totalAmount: '5780.69',
          paymentGateway: ['Paypal Payment'],
        }),
        as(buyer),
      );
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({
        cost: '5110.00',
        taxAmount: '766.50',
        discount: '95.81',
        amount: '5780.69',
        paymentMode: 'Paypal Payment',
      });
      expect(res.body.data.lines.map((l: { amount: string }) => l.amount)).toEqual(['2920.00', '1642.50', '547.50']);
    });

    it('bills a Kenyan order in shillings at 16 % and picks the region’s only gateway', async () => {
      // Processor 850 × 1 = 850.00; Memory 320 × 2 = 640.00; Disk 10.50 × 20 = 210.00; price 1700.00;
      // tax 16 % = 272.00; discount 5 % of 640 + 2.5 % of 210 = 32.00 + 5.25 = 37.25; total 1934.75.
      const res = await post(
        t.app,
        'virtualMachine/CreateOrder',
        {
          productID: acme.nairobi,
          specification: specificationOf(2, 1, 20),
          region: acme.ke,
          timePeriod: 30,
          currency: 'KES',
          cost: '1700.00',
          taxAmount: '272.00',
          discountAmount: '37.25',
          totalAmount: '1934.75',
        },
        as(buyer),
      );
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({
        currencyCode: 'KES',
        tax: '16.00',
        amount: '1934.75',
        paymentGateway: ['Pesapal Payment'],
        paymentMode: 'Pesapal Payment',
        totalsInUsd: null,
      });
    });

    it('marks a bypass order: no gateway to choose', async () => {
      const details = (await post(t.app, 'virtualMachine/getVMProductDetail', { productID: bypassProduct }, as(bypassBuyer, BYPASS))).body
        .data;
      expect([details.byPassflag, details.paymentGateway]).toEqual([1, []]);
      const res = await post(
        t.app,
        'virtualMachine/CreateOrder',
        {
          ...order90(),
          productID: bypassProduct,
          region: details.country[0].countryID,
          timePeriod: 30,
          cost: '750.00',
          taxAmount: '112.50',
          discountAmount: '0.00',
          totalAmount: '862.50',
          byPassflag: 1,
        },
        as(bypassBuyer, BYPASS),
      );
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({
        byPassFlag: 1,
        paymentGateway: [],
        paymentMode: null,
        totalsInUsd: null,
        amount: '862.50',
      });
    });
  });

  describe('a Windows product with its own discount', () => {
    it('needs a licence and takes the product’s discounts instead of the company’s', async () => {
      const details = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: acme.windows }, as(buyer));
      expect(details.body.data).toMatchObject({
        microsoftLicense: 1,
        producttype: 'windows',
        discount: { ramDiscount: '0.00', diskDiscount: '0.00', cpuDiscount: '10.00' },
      });
      // 30 days: Processor 120 × 2 = 240.00; Memory 45 × 4 = 180.00; Disk 1.50 × 50 = 75.00; price 495.00;
      // tax 74.25; discount 10 % of 240.00 = 24.00 (no memory or disk discount); total 545.25.
      const res = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          productID: acme.windows,
          specification: specificationOf(4, 2, 50),
          timePeriod: 30,
          cost: '495.00',
          taxAmount: '74.25',
          discountAmount: '24.00',
          totalAmount: '545.25',
        }),
        as(buyer),
      );
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({ microsoftLicense: 1, amount: '545.25', discount: '24.00' });
    });
  });
});
