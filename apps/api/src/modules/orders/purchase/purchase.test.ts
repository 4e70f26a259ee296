import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { RAND_SPECS, SHILLING_SPECS, specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orderLines, orders, productSpecs } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';

const ACME = 'https://acme-purchase.example';
const ZEBRA = 'https://zebra-purchase.example';
const NOPAY = 'https://nopay-purchase.example';
const BYPASS = 'https://bypass-purchase.example';

/** Sliders of the test product: R120 a vCPU, R45 a GB of memory, R1.50 a GB of disk, per 30 days. */
describe('buying a new VM: product details and CreateOrder', () => {
  let t: TestContext;
  let acme: {
    id: number;
    za: number;
    ke: number;
    product: number;
    nairobi: number;
    windows: number;
  };
  let zebraProduct: number;
  let buyer: SignedIn;
  let other: SignedIn;
  let nopayBuyer: SignedIn;
  let bypassBuyer: SignedIn;
  let nopayProduct: number;
  let bypassProduct: number;

  const as = (who: SignedIn, site = ACME) => authHeaders(site, who);
  const orderCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

  /** The 90-day order of 8 GB, 2 vCPU, 100 GB in South Africa, with the figures worked out below. */
  const order90 = (overrides: Record<string, unknown> = {}) => ({
    productID: acme.product,
    productName: 'Ubuntu Test',
    specification: specificationOf(8, 2, 100),
    region: acme.za,
    timePeriod: 90,
    currency: 'ZAR',
    cost: '2250.00',
    discountAmount: '65.25',
    taxAmount: '337.50',
    totalAmount: '2522.25',
    paymentGateway: 'PayFast Payment',
    microsoftLicense: 0,
    byPassflag: 0,
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const company = await upsertCompany(db, completeCompany('acme-purchase', 'Acme Cloud'), [ACME]);
    const za = await createRegion(db, company.id, {
      name: 'South Africa',
      iso2: 'ZA',
      currency: 'ZAR',
      taxPercent: '15.00',
    });
    const ke = await createRegion(db, company.id, {
      name: 'Kenya',
      iso2: 'KE',
      currency: 'KES',
      taxPercent: '16.00',
    });
    // Sold everywhere, priced in rand: bought in South Africa only.
    const product = await createProduct(db, company.id, {
      name: 'Ubuntu Test',
      osType: 'ubuntu',
      specs: RAND_SPECS,
    });
    const nairobi = await createProduct(db, company.id, {
      name: 'Nairobi VM',
      osType: 'CentOS',
      currency: 'KES',
      regionIds: [ke.id],
      specs: SHILLING_SPECS,
    });
    const windows = await createProduct(db, company.id, {
      name: 'Windows Test',
      osType: 'windows',
      microsoftLicense: true,
      specs: RAND_SPECS,
    });
    await setPurchaseTerms(db, company.id, {
      timePeriods: [{ days: 30 }, { days: 90 }, { days: 365, label: 'One year' }],
      discounts: [
        { ram: '5.00', disk: '2.50' },
        { productId: windows.id, cpu: '10.00' },
      ],
      ramCpuRanges: [
        { productId: product.id, ramFrom: 1, ramTo: 2, cpuCount: 1 },
        { productId: product.id, ramFrom: 3, ramTo: 8, cpuCount: 2 },
        { productId: product.id, ramFrom: 9, ramTo: 16, cpuCount: 4 },
      ],
      gateways: [
        { regionId: za.id, gateways: ['payfast', 'ozow', 'paypal'] },
        { regionId: ke.id, gateways: ['pesapal'] },
      ],
      bypass: false,
    });
    acme = {
      id: company.id,
      za: za.id,
      ke: ke.id,
      product: product.id,
      nairobi: nairobi.id,
      windows: windows.id,
    };
    buyer = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'buyer@example.co.za' })).id);
    other = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'other@example.co.za' })).id);

    const zebra = await upsertCompany(db, completeCompany('zebra-purchase', 'Zebra Hosting'), [ZEBRA]);
    await createRegion(db, zebra.id, {
      name: 'South Africa',
      iso2: 'ZA',
      currency: 'ZAR',
      taxPercent: '15.00',
    });
    zebraProduct = (await createProduct(db, zebra.id, { name: 'Zebra VM', specs: RAND_SPECS })).id;
    await setPurchaseTerms(db, zebra.id, { timePeriods: [{ days: 30 }] });

    // A company whose region offers no gateway, and one that bypasses gateways altogether.
    const nopay = await upsertCompany(db, completeCompany('nopay-purchase', 'No Pay Cloud'), [NOPAY]);
    await createRegion(db, nopay.id, {
      name: 'South Africa',
      iso2: 'ZA',
      currency: 'ZAR',
      taxPercent: '15.00',
    });
    nopayProduct = (
      await createProduct(db, nopay.id, {
        name: 'Lonely VM',
        specs: RAND_SPECS,
      })
    ).id;
    await setPurchaseTerms(db, nopay.id, { timePeriods: [{ days: 30 }] });
    nopayBuyer = await signIn(t, nopay.id, (await createCustomer(db, nopay.id, { email: 'buyer@example.co.za' })).id);

    const bypass = await upsertCompany(db, completeCompany('bypass-purchase', 'Bypass Cloud'), [BYPASS]);
    const bypassZa = await createRegion(db, bypass.id, {
      name: 'South Africa',
      iso2: 'ZA',
      currency: 'ZAR',
      taxPercent: '15.00',
    });
    bypassProduct = (
      await createProduct(db, bypass.id, {
        name: 'Free Pass VM',
        specs: RAND_SPECS,
      })
    ).id;
    await setPurchaseTerms(db, bypass.id, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: bypassZa.id, gateways: ['payfast'] }],
      bypass: true,
    });
    bypassBuyer = await signIn(t, bypass.id, (await createCustomer(db, bypass.id, { email: 'buyer@example.co.za' })).id);
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

    it('is refused to visitors', async () => {
      const res = await post(t.app, 'virtualMachine/CreateOrder', order90(), {
        origin: ACME,
      });
      expect([res.http, res.body.data]).toEqual([401, null]);
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
