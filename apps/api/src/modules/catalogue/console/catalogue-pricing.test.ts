import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m } from '@mawingu/contracts/admin/catalogue';
import type { SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, type SignedIn } from '../../../../test/sign-in.ts';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { categoryDiscounts } from '../../../db/schema.ts';
import { openCatalogueSettingsWorld, SITE, RATE_SITE, type CatalogueSettingsWorld } from './catalogue-settings.test-helper.ts';

describe('console catalogue: discounts and the ZAR → USD rate', () => {
  let t: TestContext;
  let acme: number;
  let rateCompany: number;
  let za: number;
  let admin: SignedInOperator;
  let rateAdmin: SignedInOperator;
  let buyer: SignedIn;
  let rateBuyer: SignedIn;
  let productId: number;
  let rateProduct: number;
  let call: CatalogueSettingsWorld['call'];
  let lastAudit: CatalogueSettingsWorld['lastAudit'];
  let details: CatalogueSettingsWorld['details'];

  beforeAll(async () => {
    ({ t, acme, rateCompany, za, admin, rateAdmin, buyer, rateBuyer, productId, rateProduct, call, lastAudit, details } =
      await openCatalogueSettingsWorld());
  });
  afterAll(() => t.close());

  describe('discounts', () => {
    it('sets the company default and a product’s own discount, which the configurator and orders use', async () => {
      const byDefault = await call(admin, 'PUT', '/discounts', { productId: null, ramPercent: '10', diskPercent: '0', cpuPercent: '5.5' });
      expect(byDefault.http).toBe(200);
      expect(byDefault.body.data).toMatchObject({ productId: null, ramPercent: '10.00', cpuPercent: '5.50' });
      expect((await details()).discount).toEqual({ ramDiscount: '10.00', diskDiscount: '0.00', cpuDiscount: '5.50' });
      expect(await lastAudit('catalogue.discount.create')).toMatchObject({ targetId: String(byDefault.body.data.id) });

      const own = await call(admin, 'PUT', '/discounts', { productId, ramPercent: '20', diskPercent: '50', cpuPercent: '0' });
      expect(own.body.data).toMatchObject({ productId, productName: 'Settings VM', ramPercent: '20.00' });
      expect((await details()).discount).toEqual({ ramDiscount: '20.00', diskDiscount: '50.00', cpuDiscount: '0.00' });
      // Setting it again updates the same row.
      const again = await call(admin, 'PUT', '/discounts', { productId, ramPercent: '25', diskPercent: '50', cpuPercent: '0' });
      expect(again.body.data.id).toBe(own.body.data.id);
      expect(await lastAudit('catalogue.discount.update')).toMatchObject({
        before: { ramPercent: '20.00' },
        after: { ramPercent: '25.00' },
      });

      // 30 days, 4 GB, 2 vCPU, 40 GB: memory 200.00 − 25 % = 50.00 off, disk 80.00 − 50 % = 40.00 off.
      const order = await post(
        t.app,
        'virtualMachine/CreateOrder',
        {
          productID: productId,
          specification: specificationOf(4, 2, 40),
          region: za,
          timePeriod: 30,
          cost: '480.00',
          discountAmount: '90.00',
          taxAmount: '72.00',
          totalAmount: '462.00',
          byPassflag: 1,
        },
        authHeaders(SITE, buyer),
      );
      expect(order.http, order.body.message).toBe(200);
      expect(order.body.data).toMatchObject({ discount: '90.00', amount: '462.00' });

      expect((await call(admin, 'DELETE', `/discounts/${own.body.data.id}`)).http).toBe(200);
      expect((await details()).discount.ramDiscount).toBe('10.00');
      expect((await t.database.db.select().from(categoryDiscounts).where(eq(categoryDiscounts.companyId, acme))).length).toBe(1);
    });

    it('refuses bad percentages and another company’s product with 400 naming the field', async () => {
      expect(
        (await call(admin, 'PUT', '/discounts', { productId: null, ramPercent: '101', diskPercent: '0', cpuPercent: '0' })).body.data
          .fieldErrors.ramPercent,
      ).toBe(m.percentFormat);
      expect(
        (await call(admin, 'PUT', '/discounts', { productId: null, ramPercent: '1', diskPercent: 'x', cpuPercent: '0' })).body.data
          .fieldErrors.diskPercent,
      ).toBe(m.percentFormat);
      const foreign = await call(admin, 'PUT', '/discounts', {
        productId: rateProduct,
        ramPercent: '1',
        diskPercent: '0',
        cpuPercent: '0',
      });
      expect(foreign.http).toBe(400);
      expect(foreign.body.data.fieldErrors.productId).toBe(m.discountProductUnknown);
    });
  });

  describe('the ZAR → USD rate', () => {
    it('uses the server’s rate until the company sets its own, then the company’s in details and orders', async () => {
      const regionId = (await details(rateProduct, rateBuyer, RATE_SITE)).country[0].countryID as number;
      const order = async () => {
        const res = await post(
          t.app,
          'virtualMachine/CreateOrder',
          {
            productID: rateProduct,
            specification: specificationOf(4, 2, 40),
            region: regionId,
            timePeriod: 30,
            cost: '480.00',
            taxAmount: '72.00',
            totalAmount: '552.00',
            paymentGateway: 'Paypal Payment',
          },
          authHeaders(RATE_SITE, rateBuyer),
        );
        expect(res.http, res.body.message).toBe(200);
        return res.body.data;
      };
      expect((await call(rateAdmin, 'GET', '/currency', undefined, rateCompany)).body.data).toEqual({
        zarToUsdRate: null,
        serverRate: '0.063',
        effectiveRate: '0.063',
      });
      expect((await details(rateProduct, rateBuyer, RATE_SITE)).zarToUsdRate).toBe('0.063');
      // 480.00 × 0.063 = 30.24; 72.00 × 0.063 = 4.536 → 4.54.
      const before = await order();
      expect(before.totalsInUsd).toMatchObject({ price: '30.24', tax: '4.54', total: '34.78' });

      const set = await call(rateAdmin, 'PUT', '/currency', { zarToUsdRate: '0.055' }, rateCompany);
      expect(set.http).toBe(200);
      expect(set.body.data).toEqual({ zarToUsdRate: '0.055', serverRate: '0.063', effectiveRate: '0.055' });
      expect(await lastAudit('catalogue.currency.update')).toMatchObject({
        companyId: rateCompany,
        before: { zarToUsdRate: null },
        after: { zarToUsdRate: '0.055' },
      });
      expect((await details(rateProduct, rateBuyer, RATE_SITE)).zarToUsdRate).toBe('0.055');
      // 480.00 × 0.055 = 26.40; 72.00 × 0.055 = 3.96.
      const after = await order();
      expect(after.totalsInUsd).toMatchObject({ price: '26.40', tax: '3.96', total: '30.36' });
      // PayPal is charged that USD figure, to the cent.
      const started = await post(
        t.app,
        'virtualMachine/startPayment',
        { orderID: after.orderID, paymentGateway: 'Paypal Payment' },
        authHeaders(RATE_SITE, rateBuyer),
      );
      expect(started.http, started.body.message).toBe(200);
      expect(started.body.data).toMatchObject({ amount: '30.36', currencyCode: 'USD' });
      // The earlier order's USD figures follow the rate in force when it is shown, its own amounts never change.
      const reread = await post(t.app, 'virtualMachine/getOrderDetail', { orderID: before.orderID }, authHeaders(RATE_SITE, rateBuyer));
      expect(reread.body.data).toMatchObject({ cost: '480.00', amount: '552.00' });
      // Another company keeps the server's rate.
      expect((await details()).zarToUsdRate).toBe('0.063');

      const cleared = await call(rateAdmin, 'PUT', '/currency', { zarToUsdRate: null }, rateCompany);
      expect(cleared.body.data.effectiveRate).toBe('0.063');
      expect((await details(rateProduct, rateBuyer, RATE_SITE)).zarToUsdRate).toBe('0.063');
    });

    it('refuses a rate that is not a positive decimal', async () => {
      for (const bad of ['0', '0.000', '-0.05', 'abc', '0.0000001', '1234567']) {
        const res = await call(rateAdmin, 'PUT', '/currency', { zarToUsdRate: bad }, rateCompany);
        expect(res.http, bad).toBe(400);
        expect(res.body.data.fieldErrors.zarToUsdRate, bad).toBe(m.rateFormat);
      }
    });
  });
});
