import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { post, type TestContext } from '../../../../test/test-app.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import type { SignedIn } from '../../../../test/sign-in.ts';
import { ACME, NOPAY, openPurchaseWorld, type PurchaseWorld } from './purchase.test-helper.ts';

describe('buying a new VM: what CreateOrder refuses', () => {
  let t: TestContext;
  let acme: PurchaseWorld['acme'];
  let zebraProduct: number;
  let buyer: SignedIn;
  let nopayBuyer: SignedIn;
  let nopayProduct: number;
  let as: PurchaseWorld['as'];
  let orderCount: PurchaseWorld['orderCount'];
  let order90: PurchaseWorld['order90'];

  beforeAll(async () => {
    ({ t, acme, zebraProduct, buyer, nopayBuyer, nopayProduct, as, orderCount, order90 } = await openPurchaseWorld());
  });
  afterAll(() => t.close());

  describe('CreateOrder', () => {
    it('refuses an amount that differs from the server’s by a cent, naming the field, and stores nothing', async () => {
      const before = await orderCount();
      const total = await post(t.app, 'virtualMachine/CreateOrder', order90({ totalAmount: '2522.26' }), as(buyer));
      expect(total.http).toBe(422);
      expect(total.body.message).toBe(
        'Total amount does not match the current price (2522.25 ZAR). Please go back and check your configuration.',
      );
      expect(Object.keys(total.body.data.fieldErrors)).toEqual(['totalAmount']);

      const line = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: [{ type: 'memory', value: 8, price: '1000.00' }, ...specificationOf(8, 2, 100).slice(1)],
          taxAmount: '337.499',
        }),
        as(buyer),
      );
      expect(line.http).toBe(422);
      expect(Object.keys(line.body.data.fieldErrors)).toEqual(['specification.0.price', 'taxAmount']);

      const currency = await post(t.app, 'virtualMachine/CreateOrder', order90({ currency: 'USD' }), as(buyer));
      expect(currency.http).toBe(422);
      expect(currency.body.data.fieldErrors.currency).toBe('Currency must be ZAR in this region');
      expect(await orderCount()).toBe(before);
    });

    it('refuses a product, region or period that does not exist, or another company’s product', async () => {
      const before = await orderCount();
      const unknown = await post(t.app, 'virtualMachine/CreateOrder', order90({ productID: 999_999 }), as(buyer));
      expect([unknown.http, unknown.body.message, unknown.body.data.fieldErrors.productID]).toEqual([
        404,
        messages.dataNotFound,
        messages.dataNotFound,
      ]);
      const foreign = await post(t.app, 'virtualMachine/CreateOrder', order90({ productID: zebraProduct }), as(buyer));
      expect(foreign.http).toBe(404);

      const region = await post(t.app, 'virtualMachine/CreateOrder', order90({ region: 999_999 }), as(buyer));
      expect([region.http, region.body.data.fieldErrors.region]).toEqual([400, messages.regionUnknown]);
      // Kenya exists, but this product's prices are in rand.
      const kenya = await post(t.app, 'virtualMachine/CreateOrder', order90({ region: acme.ke }), as(buyer));
      expect([kenya.http, kenya.body.data.fieldErrors.region]).toEqual([400, messages.regionUnknown]);
      const period = await post(t.app, 'virtualMachine/CreateOrder', order90({ timePeriod: 45 }), as(buyer));
      expect([period.http, period.body.data.fieldErrors.timePeriod]).toEqual([400, messages.timePeriodUnknown]);

      // Not chosen: the spec's own messages, both at once.
      const none = await post(t.app, 'virtualMachine/CreateOrder', order90({ region: 'Region', timePeriod: 0 }), as(buyer));
      expect(none.http).toBe(400);
      expect(none.body.data.fieldErrors).toMatchObject({
        region: 'Please select Region',
        timePeriod: 'Please select Time Period',
      });
      expect(await orderCount()).toBe(before);
    });

    it('refuses sizes off the sliders (min, max, step) and a processor count the memory does not select', async () => {
      const before = await orderCount();
      const tooMuch = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: specificationOf(17, 4, 100),
        }),
        as(buyer),
      );
      expect([tooMuch.http, tooMuch.body.data.fieldErrors['specification.0.value']]).toEqual([
        400,
        'Memory must be from 1 to 16 in steps of 1',
      ]);
      const offStep = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: specificationOf(8, 2, 105),
        }),
        as(buyer),
      );
      expect([offStep.http, offStep.body.data.fieldErrors['specification.2.value']]).toEqual([
        400,
        'Disk must be from 20 to 500 in steps of 10',
      ]);
      const tooSmall = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: specificationOf(8, 2, 10),
        }),
        as(buyer),
      );
      expect(tooSmall.http).toBe(400);
      const cpu = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: specificationOf(8, 4, 100),
        }),
        as(buyer),
      );
      expect([cpu.http, cpu.body.message]).toEqual([400, 'Processor must be 2 for 8 GB of memory']);
      const twice = await post(
        t.app,
        'virtualMachine/CreateOrder',
        order90({
          specification: [...specificationOf(8, 2, 100).slice(0, 2), { type: 'memory', value: 8 }],
        }),
        as(buyer),
      );
      expect([twice.http, twice.body.message]).toEqual([400, messages.specificationEntries]);
      expect(await orderCount()).toBe(before);
    });

    it('refuses a gateway the region does not offer; with none at all the spec’s message and no order', async () => {
      const before = await orderCount();
      const pesapal = await post(t.app, 'virtualMachine/CreateOrder', order90({ paymentGateway: 'Pesapal Payment' }), as(buyer));
      expect([pesapal.http, pesapal.body.data.fieldErrors.paymentGateway]).toEqual([400, messages.gatewayUnavailable]);

      const body = {
        ...order90(),
        productID: nopayProduct,
        timePeriod: 30,
        paymentGateway: undefined,
      };
      const region = (await post(t.app, 'virtualMachine/getVMProductDetail', { productID: nopayProduct }, as(nopayBuyer, NOPAY))).body.data
        .country[0].countryID;
      // 30 days at 8 GB, 2 vCPU, 100 GB: 240 + 360 + 150 = 750.00; tax 112.50; no discounts; total 862.50.
      const none = await post(
        t.app,
        'virtualMachine/CreateOrder',
        {
          ...body,
          region,
          cost: '750.00',
          taxAmount: '112.50',
          discountAmount: '0',
          totalAmount: '862.50',
        },
        as(nopayBuyer, NOPAY),
      );
      expect([none.http, none.body.message]).toEqual([409, 'There are some technical issue. Please try after some time']);
      expect(await orderCount()).toBe(before);
    });

    it('is refused to visitors', async () => {
      const res = await post(t.app, 'virtualMachine/CreateOrder', order90(), {
        origin: ACME,
      });
      expect([res.http, res.body.data]).toEqual([401, null]);
    });
  });
});
