import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m, type ProductInput } from '@mawingu/contracts/admin/catalogue';
import { fill, messages } from '@mawingu/contracts/messages';
import { CLONE_DURATIONS } from '@mawingu/contracts/vm-changes';
import { freePort } from '../../../../../../tools/start-product.ts';
import { multipartBody } from '../../../../test/multipart.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog, categoryDiscounts, regionGateways, regions } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';

const SITE = 'https://acme-console-settings.example';
const RATE_SITE = 'https://rate-console-settings.example';
const OTHER_SITE = 'https://zebra-console-settings.example';

const SPECS: ProductInput['specs'] = [
  { name: 'Processor', unit: 'vCPU', defaultCount: 2, minValue: 1, maxValue: 8, step: 1, costPerUnit: '100', sequence: 0 },
  { name: 'Memory', unit: 'GB', defaultCount: 4, minValue: 1, maxValue: 16, step: 1, costPerUnit: '50', sequence: 1 },
  { name: 'Disk', unit: 'GB', defaultCount: 40, minValue: 20, maxValue: 200, step: 10, costPerUnit: '2', sequence: 2 },
];
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('console catalogue: regions, periods, clone durations, discounts, currency, business units, partner clouds, domains, images', () => {
  let t: TestContext;
  let acme: number;
  let rateCompany: number;
  let zebra: number;
  let za: number;
  let admin: SignedInOperator;
  let rateAdmin: SignedInOperator;
  let otherAdmin: SignedInOperator;
  let support: SignedInOperator;
  let buyer: SignedIn;
  let rateBuyer: SignedIn;
  let productId: number;
  let rateProduct: number;

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const call = (who: SignedInOperator | null, method: Method, path: string, body?: unknown, company = acme) =>
    adminCall(t, who, method, `/companies/${company}/catalogue${path}`, body);
  const lastAudit = async (action: string) =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
  const details = async (id = productId, who = buyer, site = SITE) => {
    const res = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: id }, authHeaders(site, who));
    expect(res.http).toBe(200);
    return res.body.data;
  };
  const productBody = (overrides: Partial<ProductInput>): ProductInput => ({
    name: 'Settings VM',
    serviceName: 'virtualmachine',
    provider: 'simulator',
    osType: 'ubuntu',
    currency: 'ZAR',
    ipType: 'Public IP',
    isGoldCopy: false,
    microsoftLicense: false,
    active: true,
    regionIds: [],
    specs: SPECS,
    ...overrides,
  });

  beforeAll(async () => {
    // Listening: the PayPal sandbox the app mounts is called over HTTP when a payment starts.
    const port = await freePort();
    t = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
    await t.app.listen({ port, host: '127.0.0.1' });
    const db = t.database.db;
    acme = (await upsertCompany(db, completeCompany('acme-console-settings', 'Acme Settings'), [SITE])).id;
    rateCompany = (await upsertCompany(db, completeCompany('rate-console-settings', 'Rate Settings'), [RATE_SITE])).id;
    zebra = (await upsertCompany(db, completeCompany('zebra-console-settings', 'Zebra Settings'), [OTHER_SITE])).id;
    za = (await createRegion(db, acme, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
    await setPurchaseTerms(db, acme, { timePeriods: [{ days: 30 }], bypass: true });
    buyer = await signIn(
      t,
      acme,
      (await createCustomer(db, acme, { email: 'buyer@acme-settings.example', emailVerifiedAt: new Date() })).id,
    );
    admin = await signInOperator(t, 'admin', acme);
    otherAdmin = await signInOperator(t, 'admin', zebra);
    support = await signInOperator(t, 'support', acme);
    productId = (await call(admin, 'POST', '/products', productBody({}))).body.data.id;

    // A company paying through the PayPal-type gateway, for the ZAR → USD rate.
    const rateZa = await createRegion(db, rateCompany, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
    await setPurchaseTerms(db, rateCompany, {
      timePeriods: [{ days: 30 }],
      gateways: [{ regionId: rateZa.id, gateways: ['paypal'] }],
      bypass: false,
    });
    rateBuyer = await signIn(
      t,
      rateCompany,
      (await createCustomer(db, rateCompany, { email: 'buyer@rate-settings.example', emailVerifiedAt: new Date() })).id,
    );
    rateAdmin = await signInOperator(t, 'admin', rateCompany);
    rateProduct = (await call(rateAdmin, 'POST', '/products', productBody({ name: 'Rate VM' }), rateCompany)).body.data.id;
  });
  afterAll(() => t.close());

  describe('regions and tax', () => {
    it('adds a region, changes its tax (the configurator shows it at once) and audits both', async () => {
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['South Africa']);
      const added = await call(admin, 'POST', '/regions', { name: 'Namibia', iso2: 'na', currency: 'zar', taxPercent: '15' });
      expect(added.http).toBe(200);
      expect(added.body.data).toMatchObject({ name: 'Namibia', iso2: 'NA', currency: 'ZAR', taxPercent: '15.00', inUse: false });
      expect(await lastAudit('catalogue.region.create')).toMatchObject({ targetId: String(added.body.data.id), companyId: acme });
      // Sold everywhere: the new region is offered at once.
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['Namibia', 'South Africa']);

      const changed = await call(admin, 'PUT', `/regions/${added.body.data.id}`, {
        name: 'Namibia',
        iso2: 'NA',
        currency: 'ZAR',
        taxPercent: '14.50',
      });
      expect(changed.http).toBe(200);
      expect((await details()).country.find((c: { countryName: string }) => c.countryName === 'Namibia').taxValue).toBe('14.50');
      expect(await lastAudit('catalogue.region.update')).toMatchObject({ before: { taxPercent: '15.00' }, after: { taxPercent: '14.50' } });

      expect((await call(admin, 'DELETE', `/regions/${added.body.data.id}`)).http).toBe(200);
      expect((await details()).country.map((c: { countryName: string }) => c.countryName)).toEqual(['South Africa']);
    });

    it('keeps a region’s currency one its gateways take: PayFast in a rand region cannot turn to shillings', async () => {
      const lesotho = (await call(admin, 'POST', '/regions', { name: 'Lesotho', iso2: 'LS', currency: 'ZAR', taxPercent: '15' })).body.data
        .id as number;
      await t.database.db.insert(regionGateways).values({ companyId: acme, regionId: lesotho, gateway: 'payfast', sortOrder: 0 });
      const refused = await call(admin, 'PUT', `/regions/${lesotho}`, { name: 'Lesotho', iso2: 'LS', currency: 'KES', taxPercent: '15' });
      expect(refused.http).toBe(400);
      expect(refused.body.data.fieldErrors).toEqual({ currency: fill(m.regionCurrencyGateway, { gateway: 'PayFast', currency: 'KES' }) });
      expect((await t.database.db.select().from(regions).where(eq(regions.id, lesotho)))[0]!.currency).toBe('ZAR');
      expect((await call(admin, 'DELETE', `/regions/${lesotho}`)).http).toBe(200);
    });

    it('refuses bad regions with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ taxPercent: '100.5' }, 'taxPercent', m.percentFormat],
        [{ taxPercent: '-1' }, 'taxPercent', m.percentFormat],
        [{ taxPercent: '15.123' }, 'taxPercent', m.percentFormat],
        [{ iso2: 'ZAF' }, 'iso2', m.iso2Format],
        [{ currency: 'RAND' }, 'currency', m.currencyFormat],
        [{ name: '' }, 'name', m.required],
        [{ name: 'south africa' }, 'name', m.regionNameTaken],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await call(admin, 'POST', '/regions', {
          name: 'Botswana',
          iso2: 'BW',
          currency: 'BWP',
          taxPercent: '14',
          ...overrides,
        });
        expect(res.http, field).toBe(400);
        expect(res.body.data.fieldErrors[field], field).toBe(message);
      }
      expect((await t.database.db.select().from(regions).where(eq(regions.companyId, acme))).map((r) => r.name)).toEqual(['South Africa']);
    });

    it('keeps a region that orders, VMs or products use, and a currency its products are priced in', async () => {
      const kenya = (await call(admin, 'POST', '/regions', { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16' })).body.data
        .id as number;
      const shillings = await call(admin, 'POST', '/products', productBody({ name: 'Shilling VM', currency: 'KES', regionIds: [kenya] }));
      expect(shillings.http).toBe(200);
      const refused = await call(admin, 'DELETE', `/regions/${kenya}`);
      expect(refused.http).toBe(409);
      expect(refused.body.message).toBe(m.regionHasProducts);
      const currency = await call(admin, 'PUT', `/regions/${kenya}`, { name: 'Kenya', iso2: 'KE', currency: 'USD', taxPercent: '16' });
      expect(currency.body.data.fieldErrors.currency).toBe(m.regionCurrencyInUse);

      await createSimulatedVm(t.database.db, {
        companyId: acme,
        customerId: buyer.customerId,
        productId,
        name: 'vm-in-za',
        os: 'ubuntu',
        cpu: 2,
        ramGb: 4,
        diskGb: 40,
        regionId: za,
      });
      const used = await call(admin, 'DELETE', `/regions/${za}`);
      expect(used.http).toBe(409);
      expect(used.body.message).toBe(m.regionInUse);
      // Each region is judged by its own use: with one in use, an unused one is still deleted.
      const unused = (await call(admin, 'POST', '/regions', { name: 'Botswana', iso2: 'BW', currency: 'BWP', taxPercent: '14' })).body.data
        .id as number;
      const regionsNow = (await call(admin, 'GET', '/regions')).body.data as Array<{ id: number; inUse: boolean }>;
      expect(regionsNow.filter((r) => r.id === za || r.id === unused).map((r) => [r.id, r.inUse])).toEqual(
        expect.arrayContaining([
          [za, true],
          [unused, false],
        ]),
      );
      expect((await call(admin, 'DELETE', `/regions/${unused}`)).http).toBe(200);
      expect(await lastAudit('catalogue.region.delete')).toMatchObject({ targetId: String(unused) });
    });
  });

  describe('time periods and clone durations', () => {
    it('adds, changes and removes time periods the configurator offers', async () => {
      const added = await call(admin, 'POST', '/time-periods', { days: 90, label: 'Quarter', sortOrder: 1 });
      expect(added.http).toBe(200);
      expect((await details()).timePeriod).toEqual([
        { TimePeriod: 30, label: '30 Days' },
        { TimePeriod: 90, label: 'Quarter' },
      ]);
      expect(await lastAudit('catalogue.time_period.create')).toMatchObject({ after: { days: 90, label: 'Quarter' } });
      expect((await call(admin, 'PUT', `/time-periods/${added.body.data.id}`, { days: 180, label: 'Half year', sortOrder: 1 })).http).toBe(
        200,
      );
      expect((await details()).timePeriod.map((p: { TimePeriod: number }) => p.TimePeriod)).toEqual([30, 180]);

      const taken = await call(admin, 'POST', '/time-periods', { days: 30, label: 'Again' });
      expect(taken.http).toBe(400);
      expect(taken.body.data.fieldErrors.days).toBe(m.periodTaken);
      expect((await call(admin, 'POST', '/time-periods', { days: 0, label: 'None' })).body.data.fieldErrors.days).toBe(m.daysRange);
      expect((await call(admin, 'POST', '/time-periods', { days: 10, label: '' })).body.data.fieldErrors.label).toBe(m.required);

      expect((await call(admin, 'DELETE', `/time-periods/${added.body.data.id}`)).http).toBe(200);
      expect((await details()).timePeriod.map((p: { TimePeriod: number }) => p.TimePeriod)).toEqual([30]);
      expect((await call(otherAdmin, 'DELETE', `/time-periods/${added.body.data.id}`)).http).toBe(404);
    });

    it('replaces the clone durations the clone page offers and only accepts those in clone orders', async () => {
      const vm = await createSimulatedVm(t.database.db, {
        companyId: acme,
        customerId: buyer.customerId,
        productId,
        name: 'vm-clone-src',
        os: 'ubuntu',
        cpu: 2,
        ramGb: 4,
        diskGb: 40,
        regionId: za,
      });
      const cloneDetails = async () =>
        (await post(t.app, 'virtualMachine/getVMDetailForCloneVm', { productID: vm.id }, authHeaders(SITE, buyer))).body.data;
      const initial = await call(admin, 'GET', '/clone-durations');
      expect(initial.body.data).toEqual({ counts: [...CLONE_DURATIONS], usesDefault: true, defaults: [...CLONE_DURATIONS] });
      expect((await cloneDetails()).cloneDuration).toEqual([...CLONE_DURATIONS]);

      const set = await call(admin, 'PUT', '/clone-durations', { counts: [3, 9] });
      expect(set.http).toBe(200);
      expect(set.body.data).toMatchObject({ counts: [3, 9], usesDefault: false });
      expect((await cloneDetails()).cloneDuration).toEqual([3, 9]);
      expect(await lastAudit('catalogue.clone_durations.update')).toMatchObject({ after: { counts: [3, 9] } });

      // Daily × 3 = 72 h of 720: 2 × 100 × 0.1 = 20.00, 4 × 50 × 0.1 = 20.00, 40 × 2 × 0.1 = 8.00.
      const clone = (cloneDuration: number) =>
        post(
          t.app,
          'virtualMachine/createOrderForcloneVM',
          {
            clientVMID: vm.id,
            ramCount: 4,
            ramUnit: 'GB',
            processorCount: 2,
            processorUnit: 'cores',
            diskCount: 40,
            diskUnit: 'GB',
            cost: '48.00',
            taxAmount: '7.20',
            totalAmount: '55.20',
            currency: 'ZAR',
            timePeriod: 30,
            byPassflag: 1,
            cloneDuration,
            cloneDurationType: 'daily',
          },
          authHeaders(SITE, buyer),
        );
      const notOffered = await clone(7);
      expect(notOffered.http).toBe(400);
      expect(notOffered.body.data.fieldErrors.cloneDuration).toBe(messages.selectDurationDays);
      const offered = await clone(3);
      expect(offered.http, offered.body.message).toBe(200);
      expect(offered.body.data).toMatchObject({ cost: '48.00', amount: '55.20' });

      expect((await call(admin, 'PUT', '/clone-durations', { counts: [3, 3] })).body.data.fieldErrors.counts).toBe(m.cloneCountsDistinct);
      expect((await call(admin, 'PUT', '/clone-durations', { counts: [0] })).body.data.fieldErrors['counts.0']).toBe(m.cloneCountRange);
      const reset = await call(admin, 'PUT', '/clone-durations', { counts: [] });
      expect(reset.body.data).toMatchObject({ usesDefault: true, counts: [...CLONE_DURATIONS] });
    });
  });

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

  describe('business units', () => {
    it('adds a Cloud Service unit with its cards, which the site shows at once, and changes it to a redirection', async () => {
      expect((await post(t.app, 'home/getProductServices', { websiteUrl: SITE })).body.data).toEqual([]);
      const created = await call(admin, 'POST', '/business-units', {
        businessName: 'Managed Kubernetes',
        description: 'Clusters run for you.',
        serviceOption: 'CloudService',
        cloudServices: [
          { cloudTitle: 'Small cluster', serviceName: 'kubernetes', description: 'Three nodes' },
          { cloudTitle: 'Large cluster', serviceName: 'kubernetes', imagePath: '/api/files/x' },
        ],
      });
      expect(created.http).toBe(200);
      expect(created.body.data.cloudServices.map((c: { cloudTitle: string }) => c.cloudTitle)).toEqual(['Small cluster', 'Large cluster']);
      expect(await lastAudit('catalogue.business_unit.create')).toMatchObject({ targetId: String(created.body.data.id) });
      const page = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Managed Kubernetes', websiteUrl: SITE });
      expect(page.body.data.businessData).toMatchObject({
        serviceOption: 'CloudService',
        cloudService: [{ cloudTitle: 'Small cluster' }, { cloudTitle: 'Large cluster' }],
      });

      const changed = await call(admin, 'PUT', `/business-units/${created.body.data.id}`, {
        businessName: 'Managed Kubernetes',
        serviceOption: 'RedirectionURL',
        redirectUrl: 'https://k8s.acme.example',
        cloudServices: [{ cloudTitle: 'Ignored', serviceName: 'x' }],
      });
      expect(changed.http).toBe(200);
      expect(changed.body.data).toMatchObject({ redirectUrl: 'https://k8s.acme.example', cloudServices: [] });
      const after = await post(t.app, 'productServicesData/getProductDetails', { productName: 'Managed Kubernetes', websiteUrl: SITE });
      expect(after.body.data.businessData).toMatchObject({
        serviceOption: 'RedirectionURL',
        redirectUrl: 'https://k8s.acme.example',
        cloudService: [],
      });

      expect((await call(admin, 'DELETE', `/business-units/${created.body.data.id}`)).http).toBe(200);
      expect((await post(t.app, 'home/getProductServices', { websiteUrl: SITE })).body.data).toEqual([]);
    });

    it('refuses a redirection without its address, a bad option and a name the site could not tell apart', async () => {
      const unit = (overrides: Record<string, unknown>) =>
        call(admin, 'POST', '/business-units', { businessName: 'SSL', serviceOption: 'SendEmailForEnquiry', ...overrides });
      expect((await unit({ serviceOption: 'RedirectionURL' })).body.data.fieldErrors.redirectUrl).toBe(m.redirectRequired);
      expect((await unit({ serviceOption: 'RedirectionURL', redirectUrl: 'javascript:alert(1)' })).body.data.fieldErrors.redirectUrl).toBe(
        m.urlFormat,
      );
      expect((await unit({ serviceOption: 'Phone' })).body.data.fieldErrors.serviceOption).toBeTruthy();
      expect(
        (await unit({ cloudServices: [{ cloudTitle: '', serviceName: 'x' }] })).body.data.fieldErrors['cloudServices.0.cloudTitle'],
      ).toBe(m.required);
      expect((await unit({ businessName: 'Domains/DNS' })).http).toBe(200);
      const clash = await unit({ businessName: 'domainsdns' });
      expect(clash.http).toBe(400);
      expect(clash.body.data.fieldErrors.businessName).toBe(m.businessNameTaken);
    });
  });

  describe('partner clouds', () => {
    it('adds, changes and removes partner clouds the marketplace lists at once', async () => {
      const clouds = async () =>
        (await post(t.app, 'marketplace/getExternalCloud', { websiteUrl: SITE })).body.data as { cloudTitle: string; websiteUrl: string }[];
      expect(await clouds()).toEqual([]);
      const added = await call(admin, 'POST', '/partner-clouds', {
        cloudTitle: 'Azure',
        websiteUrl: 'https://azure.example',
        description: 'Partner',
      });
      expect(added.http).toBe(200);
      expect((await clouds()).map((c) => c.cloudTitle)).toEqual(['Azure']);
      expect(await lastAudit('catalogue.partner_cloud.create')).toMatchObject({ after: { cloudTitle: 'Azure' } });
      expect(
        (
          await call(admin, 'PUT', `/partner-clouds/${added.body.data.id}`, {
            cloudTitle: 'Azure',
            websiteUrl: 'https://azure.microsoft.example',
          })
        ).http,
      ).toBe(200);
      expect((await clouds())[0]!.websiteUrl).toBe('https://azure.microsoft.example');
      expect(
        (await call(admin, 'POST', '/partner-clouds', { cloudTitle: 'X', websiteUrl: 'ftp://x.example' })).body.data.fieldErrors.websiteUrl,
      ).toBe(m.urlFormat);
      expect(
        (
          await call(
            otherAdmin,
            'PUT',
            `/partner-clouds/${added.body.data.id}`,
            { cloudTitle: 'Mine', websiteUrl: 'https://x.example' },
            zebra,
          )
        ).http,
      ).toBe(404);
      expect((await call(admin, 'DELETE', `/partner-clouds/${added.body.data.id}`)).http).toBe(200);
      expect(await clouds()).toEqual([]);
    });
  });

  describe('domains', () => {
    it('keeps the names Explore Domain answers as taken', async () => {
      const check = (domainName: string) => post(t.app, 'marketplace/checkDomain', { domainName, websiteUrl: SITE });
      expect((await check('acme-shop')).http).toBe(200);
      const added = await call(admin, 'POST', '/domains', { domain: 'Acme-Shop' });
      expect(added.http).toBe(200);
      expect(added.body.data.domain).toBe('acme-shop.com');
      expect((await check('acme-shop')).http).toBe(409);
      expect((await call(admin, 'GET', '/domains')).body.data).toEqual({
        check: 'local',
        suffix: '.com',
        domains: [{ id: added.body.data.id, domain: 'acme-shop.com' }],
      });
      expect((await call(admin, 'POST', '/domains', { domain: 'acme-shop.com' })).body.data.fieldErrors.domain).toBe(m.domainTaken);
      expect((await call(admin, 'POST', '/domains', { domain: '-bad-' })).body.data.fieldErrors.domain).toBe(m.domainInvalid);
      expect(await lastAudit('catalogue.domain.create')).toMatchObject({ after: { domain: 'acme-shop.com' } });
      expect((await call(admin, 'DELETE', `/domains/${added.body.data.id}`)).http).toBe(200);
      expect((await check('acme-shop')).http).toBe(200);
    });
  });

  describe('images', () => {
    it('stores an image for the site to show, refusing what is not one', async () => {
      const upload = (data: Buffer, filename: string) => {
        const { payload, headers } = multipartBody([{ name: 'image', data, filename, contentType: 'image/png' }]);
        return t.app.inject({
          method: 'POST',
          url: `/api/admin/companies/${acme}/catalogue/images`,
          payload,
          headers: { ...headers, ...admin.headers },
        });
      };
      const ok = await upload(PNG, 'logo.png');
      expect(ok.statusCode).toBe(200);
      const path = ok.json().data.path as string;
      expect(path).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
      const served = await t.app.inject({ method: 'GET', url: path });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(await lastAudit('catalogue.image.upload')).toMatchObject({ companyId: acme, targetType: 'file' });

      const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png');
      expect(fake.statusCode).toBe(400);
      expect(fake.json().data.fieldErrors.image).toBe(m.imageRequired);
      const bySupport = await t.app.inject({
        method: 'POST',
        url: `/api/admin/companies/${acme}/catalogue/images`,
        ...multipartBody([{ name: 'image', data: PNG, filename: 'a.png' }]),
        headers: { ...support.headers },
      });
      expect(bySupport.statusCode).toBe(403);
    });
  });

  it('refuses every catalogue call without a session (401), to support (403) and to another company’s admin (404)', async () => {
    const routes: [Method, string, unknown?][] = [
      ['GET', '/products'],
      ['GET', `/products/${productId}`],
      ['POST', '/products', productBody({ name: 'Nope' })],
      ['PUT', `/products/${productId}`, productBody({ name: 'Nope' })],
      ['PATCH', `/products/${productId}/status`, { active: false }],
      ['DELETE', `/products/${productId}`],
      ['GET', '/regions'],
      ['POST', '/regions', { name: 'X', iso2: 'XX', currency: 'ZAR', taxPercent: '1' }],
      ['PUT', `/regions/${za}`, { name: 'X', iso2: 'XX', currency: 'ZAR', taxPercent: '1' }],
      ['DELETE', `/regions/${za}`],
      ['GET', '/time-periods'],
      ['POST', '/time-periods', { days: 5, label: 'x' }],
      ['PUT', '/time-periods/1', { days: 5, label: 'x' }],
      ['DELETE', '/time-periods/1'],
      ['GET', '/clone-durations'],
      ['PUT', '/clone-durations', { counts: [1] }],
      ['GET', '/discounts'],
      ['PUT', '/discounts', { productId: null, ramPercent: '1', diskPercent: '1', cpuPercent: '1' }],
      ['DELETE', '/discounts/1'],
      ['GET', '/currency'],
      ['PUT', '/currency', { zarToUsdRate: '0.1' }],
      ['GET', '/business-units'],
      ['POST', '/business-units', { businessName: 'x', serviceOption: 'SendEmailForEnquiry' }],
      ['PUT', '/business-units/1', { businessName: 'x', serviceOption: 'SendEmailForEnquiry' }],
      ['DELETE', '/business-units/1'],
      ['GET', '/partner-clouds'],
      ['POST', '/partner-clouds', { cloudTitle: 'x', websiteUrl: 'https://x.example' }],
      ['PUT', '/partner-clouds/1', { cloudTitle: 'x', websiteUrl: 'https://x.example' }],
      ['DELETE', '/partner-clouds/1'],
      ['GET', '/domains'],
      ['POST', '/domains', { domain: 'x' }],
      ['DELETE', '/domains/1'],
    ];
    for (const [method, path, body] of routes) {
      expect((await call(null, method, path, body)).http, `${method} ${path} anonymous`).toBe(401);
      expect((await call(support, method, path, body)).http, `${method} ${path} support`).toBe(403);
      expect((await call(otherAdmin, method, path, body)).http, `${method} ${path} other admin`).toBe(404);
    }
    // Nothing was changed by any of them.
    expect((await call(admin, 'GET', `/products/${productId}`)).body.data).toMatchObject({ name: 'Settings VM', active: true });
    expect((await call(admin, 'GET', '/regions')).body.data.find((r: { id: number }) => r.id === za)).toMatchObject({
      name: 'South Africa',
      taxPercent: '15.00',
    });
  });
});
