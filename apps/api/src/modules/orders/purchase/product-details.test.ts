import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { post, type TestContext } from '../../../../test/test-app.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import { productSpecs } from '../../../db/schema.ts';
import { ACME, openPurchaseWorld, type PurchaseWorld } from './purchase.test-helper.ts';

describe('buying a new VM: product details and the order shown', () => {
  let t: TestContext;
  let acme: PurchaseWorld['acme'];
  let zebraProduct: number;
  let buyer: SignedIn;
  let other: SignedIn;
  let as: PurchaseWorld['as'];
  let order90: PurchaseWorld['order90'];

  beforeAll(async () => {
    ({ t, acme, zebraProduct, buyer, other, as, order90 } = await openPurchaseWorld());
  });
  afterAll(() => t.close());

  describe('getVMProductDetail', () => {
    it('gives a customer the configurator: sliders with costs, regions of the product’s currency with their gateways, periods, discounts', async () => {
      const res = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: acme.product }, as(buyer));
      expect(res.http).toBe(200);
      const data = res.body.data;
      // 30 days at the default sizes: 2 × 120 + 4 × 45 + 50 × 1.50 = 240 + 180 + 75.
      expect(data.VMProductDetail).toMatchObject({
        ID: acme.product,
        productName: 'Ubuntu Test',
        vm_Cost: '495.00',
        vm_currency: 'ZAR',
        taxValue: '15.00',
        isGoldCopy: 0,
      });
      expect(
        data.vmSpec.map((s: { specificationName: string; costPerUnit: string; minValue: number; maxValue: number; size: number }) => [
          s.specificationName,
          s.costPerUnit,
          s.minValue,
          s.maxValue,
          s.size,
        ]),
      ).toEqual([
        ['Processor', '120.0000', 1, 8, 1],
        ['Memory', '45.0000', 1, 16, 1],
        ['Disk', '1.5000', 20, 500, 10],
      ]);
      // Kenya bills in shillings: a rand price list is not offered there.
      expect(data.country).toEqual([
        {
          countryID: acme.za,
          countryName: 'South Africa',
          taxValue: '15.00',
          // Sold by the company itself: the spec's tax on the list price.
          vatOnDiscountedPrice: 0,
          currency: 'ZAR',
          paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
        },
      ]);
      expect(data.paymentGateway).toEqual(['PayFast Payment', 'Ozow Payment', 'Paypal Payment']);
      expect(data.timePeriod).toEqual([
        { TimePeriod: 30, label: '30 Days' },
        { TimePeriod: 90, label: '90 Days' },
        { TimePeriod: 365, label: 'One year' },
      ]);
      expect(data.ramCpuDependecy).toEqual([
        { ramStartLimit: 1, ramEndLimit: 2, cpuCount: 1 },
        { ramStartLimit: 3, ramEndLimit: 8, cpuCount: 2 },
        { ramStartLimit: 9, ramEndLimit: 16, cpuCount: 4 },
      ]);
      expect(data).toMatchObject({
        productid: acme.product,
        byPassflag: 0,
        discount: {
          ramDiscount: '5.00',
          diskDiscount: '2.50',
          cpuDiscount: '0.00',
        },
        microsoftLicense: 0,
        producttype: 'ubuntu',
        zarToUsdRate: '0.063',
      });
    });

    it('never sends gateway credentials', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/virtualMachine/getVMProductDetail',
        payload: { productID: acme.product },
        headers: as(buyer),
      });
      const { payfast, ozow, pesapal, paypal } = t.config;
      for (const secret of [payfast?.merchantKey, payfast?.passphrase, ozow?.privateKey, ozow?.apiKey, pesapal?.secret, paypal?.secret]) {
        expect(secret).toBeTruthy();
        expect(res.body).not.toContain(secret!);
      }
    });

    it('lists the Kenyan product with Pesapal and its logo family', async () => {
      const res = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: acme.nairobi }, as(buyer));
      expect(res.body.data.country).toEqual([
        {
          countryID: acme.ke,
          countryName: 'Kenya',
          taxValue: '16.00',
          vatOnDiscountedPrice: 0,
          currency: 'KES',
          paymentGateway: ['Pesapal Payment'],
        },
      ]);
      expect(res.body.data.producttype).toBe('centos');
      expect(res.body.data.ramCpuDependecy).toEqual([]);
    });

    it('is refused to visitors (401) and 404 for another company’s product', async () => {
      const visitor = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: acme.product }, { origin: ACME });
      expect(visitor.http).toBe(401);
      expect(visitor.body.data).toBeNull();
      const foreign = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: zebraProduct }, as(buyer));
      expect(foreign.http).toBe(404);
      expect(foreign.body.message).toBe(messages.dataNotFound);
    });
  });

  describe('getOrderDetail', () => {
    it('shows the owner the order as frozen at creation, even after a price change; anyone else gets a 404', async () => {
      const created = (await post(t.app, 'virtualMachine/CreateOrder', order90(), as(buyer))).body.data;
      await t.database.db.update(productSpecs).set({ costPerUnit: '99.0000' }).where(eq(productSpecs.productId, acme.product));
      await t.modules.platform.caches.invalidate('catalogue');

      const mine = await post(t.app, 'virtualMachine/getOrderDetail', { orderID: created.orderID }, as(buyer));
      expect(mine.http).toBe(200);
      expect(mine.body.data).toEqual(created);

      const theirs = await post(t.app, 'virtualMachine/getOrderDetail', { orderID: created.orderID }, as(other));
      expect([theirs.http, theirs.body.message, theirs.body.data]).toEqual([404, messages.orderNotFound, null]);
      const visitor = await post(t.app, 'virtualMachine/getOrderDetail', { orderID: created.orderID }, { origin: ACME });
      expect(visitor.http).toBe(401);
    });
  });
});
