import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueMessages as m, type ProductInput } from '@mawingu/contracts/admin/catalogue';
import { adminMessages } from '@mawingu/contracts/admin/admin-messages';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { auditLog, orderLines, orders, products, productSpecs, simulatorVms } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';

const SITE = 'https://acme-console-catalogue.example';
const OTHER_SITE = 'https://zebra-console-catalogue.example';

/** R100 a vCPU, R50 a GB of memory, R2 a GB of disk per 30 days: 2 vCPU, 4 GB, 40 GB list at R480.00. */
const SPECS: ProductInput['specs'] = [
  { name: 'Processor', unit: 'vCPU', defaultCount: 2, minValue: 1, maxValue: 8, step: 1, costPerUnit: '100.0000', sequence: 0 },
  { name: 'Memory', unit: 'GB', defaultCount: 4, minValue: 1, maxValue: 16, step: 1, costPerUnit: '50', sequence: 1 },
  { name: 'Disk', unit: 'GB', defaultCount: 40, minValue: 20, maxValue: 200, step: 10, costPerUnit: '2.00', sequence: 2 },
];

describe('console catalogue: products', () => {
  let t: TestContext;
  let acme: number;
  let zebra: number;
  let za: number;
  let ke: number;
  let zebraRegion: number;
  let admin: SignedInOperator;
  let otherAdmin: SignedInOperator;
  let support: SignedInOperator;
  let owner: SignedInOperator;
  let buyer: SignedIn;

  const call = (
    who: SignedInOperator | null,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    company = acme,
  ) => adminCall(t, who, method, `/companies/${company}/catalogue${path}`, body);
  const productBody = (overrides: Partial<ProductInput> = {}): ProductInput => ({
    name: 'Console VM',
    serviceName: 'virtualmachine',
    provider: 'simulator',
    template: '',
    osType: 'ubuntu',
    imagePath: null,
    description: 'Made in the console',
    currency: 'ZAR',
    ipType: 'Public IP',
    isGoldCopy: false,
    microsoftLicense: false,
    active: true,
    sortOrder: 0,
    regionIds: [za],
    specs: SPECS,
    ramCpuRanges: [],
    ...overrides,
  });
  const marketplace = async (asCustomer = true) => {
    const res = await post(
      t.app,
      'marketPlace/getProducts',
      { serviceName: 'virtualmachine', websiteUrl: SITE },
      asCustomer ? authHeaders(SITE, buyer) : { origin: SITE },
    );
    expect(res.http).toBe(200);
    return res.body.data as {
      VMProducts: { productID: number; productName: string; vm_Cost: string | null }[];
      GoldVMData: { productID: number; productName: string }[];
    };
  };
  const lastAudit = async (action: string) =>
    (await t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
  const productCount = async () =>
    (
      await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(products)
        .where(eq(products.companyId, acme))
    )[0]!.n;

  /** A 30-day order of the default sizes (2 vCPU, 4 GB, 40 GB) as the configurator would send it. */
  const buy = (productID: number, amounts: { cost: string; taxAmount: string; totalAmount: string }) =>
    post(
      t.app,
      'virtualMachine/CreateOrder',
      {
        productID,
        specification: specificationOf(4, 2, 40),
        region: za,
        timePeriod: 30,
        currency: 'ZAR',
        discountAmount: '0.00',
        byPassflag: 1,
        ...amounts,
      },
      authHeaders(SITE, buyer),
    );

  beforeAll(async () => {
    t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
    const db = t.database.db;
    acme = (await upsertCompany(db, completeCompany('acme-console-catalogue', 'Acme Console'), [SITE])).id;
    zebra = (await upsertCompany(db, completeCompany('zebra-console-catalogue', 'Zebra Console'), [OTHER_SITE])).id;
    za = (await createRegion(db, acme, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
    ke = (await createRegion(db, acme, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' })).id;
    zebraRegion = (await createRegion(db, zebra, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
    await setPurchaseTerms(db, acme, { timePeriods: [{ days: 30 }], bypass: true });
    const customer = await createCustomer(db, acme, { email: 'buyer@acme-console.example', emailVerifiedAt: new Date() });
    buyer = await signIn(t, acme, customer.id);
    admin = await signInOperator(t, 'admin', acme);
    otherAdmin = await signInOperator(t, 'admin', zebra);
    support = await signInOperator(t, 'support', acme);
    owner = await signInOperator(t, 'owner');
  });
  afterAll(() => t.close());

  it('adds a product the marketplace lists at once (cached before), priced as the admin set it, and audits it', async () => {
    // The marketplace is read (and cached) before the product exists.
    expect((await marketplace()).VMProducts.map((p) => p.productName)).not.toContain('Console VM');

    const res = await call(admin, 'POST', '/products', productBody({ template: 'tpl-ubuntu-24' }));
    expect(res.http).toBe(200);
    const created = res.body.data;
    expect(created).toMatchObject({
      name: 'Console VM',
      provider: 'simulator',
      serviceType: 'simulator',
      template: 'tpl-ubuntu-24',
      currency: 'ZAR',
      regionIds: [za],
      listPrice: '480.00',
      orderCount: 0,
      active: true,
    });
    expect(created.specs.map((s: { name: string; costPerUnit: string }) => [s.name, s.costPerUnit])).toEqual([
      ['Processor', '100.0000'],
      ['Memory', '50.0000'],
      ['Disk', '2.0000'],
    ]);

    const card = (await marketplace()).VMProducts.find((p) => p.productID === created.id);
    expect(card).toMatchObject({ productName: 'Console VM', vm_Cost: '480.00' });
    // A visitor sees it too, without the price.
    expect((await marketplace(false)).VMProducts.find((p) => p.productID === created.id)?.vm_Cost).toBeNull();

    const entry = await lastAudit('catalogue.product.create');
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      actorEmail: admin.email,
      companyId: acme,
      targetType: 'product',
      targetId: String(created.id),
    });
    expect(entry!.after).toMatchObject({ name: 'Console VM', listPrice: '480.00' });
  });

  it('stores the providers under the names the hypervisor selection and the configurator read', async () => {
    for (const [provider, serviceType] of [
      ['hc3', 'scaleComputing'],
      ['openNebula', 'Open Nebula'],
      ['nodeWeaver', 'Node Weaver'],
    ] as const) {
      const res = await call(admin, 'POST', '/products', productBody({ name: `Provider ${provider}`, provider }));
      expect(res.http).toBe(200);
      expect(res.body.data).toMatchObject({ provider, serviceType });
      const [row] = await t.database.db.select().from(products).where(eq(products.id, res.body.data.id));
      expect(row!.serviceType).toBe(serviceType);
      expect(t.modules.machines.hypervisors.for(row!.serviceType).provider).toBe('simulator'); // no credentials in tests
    }
  });

  it('lists a gold copy under Custom Virtual Machines', async () => {
    const res = await call(admin, 'POST', '/products', productBody({ name: 'Gold Image', isGoldCopy: true }));
    expect(res.http).toBe(200);
    const data = await marketplace();
    expect(data.GoldVMData.map((p) => p.productName)).toContain('Gold Image');
    expect(data.VMProducts.map((p) => p.productName)).not.toContain('Gold Image');
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await productCount();
    const cases: [Partial<ProductInput>, string, string][] = [
      [{ specs: [{ ...SPECS[0]!, costPerUnit: '-1' }, SPECS[1]!, SPECS[2]!] }, 'specs.0.costPerUnit', m.costFormat],
      [{ specs: [SPECS[0]!, { ...SPECS[1]!, costPerUnit: '1.23456' }, SPECS[2]!] }, 'specs.1.costPerUnit', m.costFormat],
      [{ specs: [SPECS[0]!, SPECS[1]!, { ...SPECS[2]!, costPerUnit: 'ten' }] }, 'specs.2.costPerUnit', m.costFormat],
      [{ specs: [{ ...SPECS[0]!, defaultCount: 9 }, SPECS[1]!, SPECS[2]!] }, 'specs.0.defaultCount', m.defaultOutOfRange],
      [{ specs: [SPECS[0]!, SPECS[1]!, { ...SPECS[2]!, defaultCount: 45 }] }, 'specs.2.defaultCount', m.defaultOffStep],
      [{ specs: [{ ...SPECS[0]!, minValue: 9 }, SPECS[1]!, SPECS[2]!] }, 'specs.0.maxValue', m.minAboveMax],
      [{ specs: [{ ...SPECS[0]!, step: 0 }, SPECS[1]!, SPECS[2]!] }, 'specs.0.step', m.stepPositive],
      [{ specs: [SPECS[0]!, SPECS[1]!] }, 'specs', m.specsRequired],
      [{ specs: [SPECS[0]!, SPECS[1]!, { ...SPECS[2]!, name: 'Memory' }] }, 'specs', m.specsRequired],
      [{ ramCpuRanges: [{ ramFrom: 8, ramTo: 4, cpuCount: 2 }] }, 'ramCpuRanges.0.ramTo', m.rangeOrder],
      [
        {
          ramCpuRanges: [
            { ramFrom: 1, ramTo: 4, cpuCount: 1 },
            { ramFrom: 4, ramTo: 8, cpuCount: 2 },
          ],
        },
        'ramCpuRanges.0.ramFrom',
        m.rangeOverlap,
      ],
      [{ ramCpuRanges: [{ ramFrom: 1, ramTo: 4, cpuCount: 12 }] }, 'ramCpuRanges.0.cpuCount', m.cpuOffSlider],
      [{ provider: 'vmware' as never }, 'provider', m.providerInvalid],
      [{ currency: 'rand' }, 'currency', m.currencyFormat],
      [{ name: '  ' }, 'name', m.required],
      [{ imagePath: 'javascript:alert(1)' }, 'imagePath', m.imagePathFormat],
      // Rules that need the database.
      [{ name: 'console vm' }, 'name', m.productNameTaken],
      [{ regionIds: [zebraRegion] }, 'regionIds', m.regionUnknown],
      [{ regionIds: [ke] }, 'regionIds', m.regionCurrency],
      [{ regionIds: [], currency: 'USD' }, 'currency', m.noRegionForCurrency],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(admin, 'POST', '/products', productBody({ name: 'Refused VM', ...overrides }));
      expect(res.http, field).toBe(400);
      expect(res.body.data.fieldErrors[field], field).toBe(message);
    }
    expect(await productCount()).toBe(before);
  });

  it('lets only the owner and the company’s admin in: 401 without a session, 403 for support, 404 for another company’s admin', async () => {
    expect((await call(null, 'GET', '/products')).http).toBe(401);
    const bySupport = await call(support, 'GET', '/products');
    expect(bySupport.http).toBe(403);
    expect(bySupport.body.message).toBe(adminMessages.forbidden);
    const byOther = await call(otherAdmin, 'GET', '/products');
    expect(byOther.http).toBe(404);
    expect(byOther.body.message).toBe(adminMessages.companyNotFound);
    // Writes too, whatever the body.
    expect((await call(otherAdmin, 'POST', '/products', productBody({ name: 'Sneaky' }))).http).toBe(404);
    expect((await call(support, 'POST', '/products', productBody({ name: 'Sneaky' }))).http).toBe(403);
    // A customer's token is no console session.
    const asCustomer = await t.app.inject({
      method: 'GET',
      url: `/api/admin/companies/${acme}/catalogue/products`,
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(asCustomer.statusCode).toBe(401);

    const byOwner = await call(owner, 'GET', '/products');
    expect(byOwner.http).toBe(200);
    expect(byOwner.body.data.map((p: { name: string }) => p.name)).toContain('Console VM');
    // Another company's product is not found through this company.
    const zebraProduct = await createProduct(t.database.db, zebra, {
      name: 'Zebra VM',
      specs: [{ name: 'Processor', unit: 'vCPU', count: 1, min: 1, max: 2, cost: '1' }],
    });
    expect((await call(admin, 'GET', `/products/${zebraProduct.id}`)).http).toBe(404);
    expect((await call(admin, 'PUT', `/products/${zebraProduct.id}`, productBody({ name: 'Zebra VM' }))).http).toBe(404);
    expect((await call(admin, 'DELETE', `/products/${zebraProduct.id}`)).http).toBe(404);
    expect((await call(owner, 'GET', `/products/${zebraProduct.id}`, undefined, zebra)).http).toBe(200);
  });

  it('never alters an order made before a price change; a new order uses the new price', async () => {
    const { body } = await call(admin, 'POST', '/products', productBody({ name: 'Repriced VM' }));
    const id = body.data.id as number;

    // Before: 2 × 100 + 4 × 50 + 40 × 2 = 480.00, tax 15 % = 72.00.
    const first = await buy(id, { cost: '480.00', taxAmount: '72.00', totalAmount: '552.00' });
    expect(first.http).toBe(200);
    expect(first.body.data).toMatchObject({ cost: '480.00', taxAmount: '72.00', amount: '552.00' });

    // Memory from R50 to R62.5: 2 × 100 + 4 × 62.5 + 40 × 2 = 530.00, tax 79.50.
    const repriced = productBody({ name: 'Repriced VM', specs: [SPECS[0]!, { ...SPECS[1]!, costPerUnit: '62.5' }, SPECS[2]!] });
    const update = await call(admin, 'PUT', `/products/${id}`, repriced);
    expect(update.http).toBe(200);
    expect(update.body.data.listPrice).toBe('530.00');
    const entry = await lastAudit('catalogue.product.update');
    expect((entry!.before as { listPrice: string }).listPrice).toBe('480.00');
    expect((entry!.after as { listPrice: string }).listPrice).toBe('530.00');

    // The old order, read again, and its frozen lines keep the old figures.
    const again = await post(t.app, 'virtualMachine/getOrderDetail', { orderID: first.body.data.orderID }, authHeaders(SITE, buyer));
    expect(again.body.data).toMatchObject({ cost: '480.00', taxAmount: '72.00', amount: '552.00' });
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, first.body.data.orderID))
      .orderBy(orderLines.sortOrder);
    expect(lines.map((l) => [l.name, l.costPerUnit, l.amount])).toEqual([
      ['Processor', '100.0000', '200.00'],
      ['Memory', '50.0000', '200.00'],
      ['Disk', '2.0000', '80.00'],
    ]);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, first.body.data.orderID));
    expect(stored).toMatchObject({ price: '480.00', tax: '72.00', total: '552.00' });

    // The old figures are refused now; the new ones are charged.
    expect((await buy(id, { cost: '480.00', taxAmount: '72.00', totalAmount: '552.00' })).http).toBe(422);
    const second = await buy(id, { cost: '530.00', taxAmount: '79.50', totalAmount: '609.50' });
    expect(second.http).toBe(200);
    expect(second.body.data).toMatchObject({ cost: '530.00', taxAmount: '79.50', amount: '609.50' });
    expect((await marketplace()).VMProducts.find((p) => p.productID === id)?.vm_Cost).toBe('530.00');
  });

  it('keeps RAM → CPU ranges, which the configurator and CreateOrder then apply', async () => {
    const ranges = [
      { ramFrom: 1, ramTo: 4, cpuCount: 2 },
      { ramFrom: 5, ramTo: 16, cpuCount: 4 },
    ];
    const res = await call(admin, 'POST', '/products', productBody({ name: 'Ranged VM', ramCpuRanges: ranges }));
    expect(res.http).toBe(200);
    expect(res.body.data.ramCpuRanges).toEqual(ranges);
    const details = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: res.body.data.id }, authHeaders(SITE, buyer));
    expect(details.body.data.ramCpuDependecy).toEqual([
      { ramStartLimit: 1, ramEndLimit: 4, cpuCount: 2 },
      { ramStartLimit: 5, ramEndLimit: 16, cpuCount: 4 },
    ]);
  });

  it('disables a product (gone from the marketplace and the configurator) and enables it again', async () => {
    const { body } = await call(admin, 'POST', '/products', productBody({ name: 'Switched VM' }));
    const id = body.data.id as number;
    expect((await marketplace()).VMProducts.some((p) => p.productID === id)).toBe(true);

    const off = await call(admin, 'PATCH', `/products/${id}/status`, { active: false });
    expect(off.http).toBe(200);
    expect(off.body.data.active).toBe(false);
    expect((await marketplace()).VMProducts.some((p) => p.productID === id)).toBe(false);
    expect((await post(t.app, 'virtualMachine/getVMProductDetail', { productID: id }, authHeaders(SITE, buyer))).http).toBe(404);
    expect(await lastAudit('catalogue.product.disable')).toMatchObject({
      targetId: String(id),
      before: { active: true },
      after: { active: false },
    });
    // Still listed in the console.
    expect((await call(admin, 'GET', '/products')).body.data.find((p: { id: number }) => p.id === id)).toMatchObject({ active: false });

    expect((await call(admin, 'PATCH', `/products/${id}/status`, { active: true })).http).toBe(200);
    expect((await marketplace()).VMProducts.some((p) => p.productID === id)).toBe(true);
    expect((await call(admin, 'PATCH', `/products/${id}/status`, { active: 'no' })).body.data.fieldErrors.active).toBeTruthy();
  });

  it('deletes only a product nobody ordered: with orders or VMs it says to disable it', async () => {
    const unused = (await call(admin, 'POST', '/products', productBody({ name: 'Short-lived VM' }))).body.data.id as number;
    const del = await call(admin, 'DELETE', `/products/${unused}`);
    expect(del.http).toBe(200);
    expect(await t.database.db.select().from(productSpecs).where(eq(productSpecs.productId, unused))).toEqual([]);
    expect(await lastAudit('catalogue.product.delete')).toMatchObject({ targetId: String(unused), after: null });
    expect((await call(admin, 'GET', `/products/${unused}`)).http).toBe(404);

    const ordered = (await call(admin, 'POST', '/products', productBody({ name: 'Ordered VM' }))).body.data.id as number;
    expect((await buy(ordered, { cost: '480.00', taxAmount: '72.00', totalAmount: '552.00' })).http).toBe(200);
    const refused = await call(admin, 'DELETE', `/products/${ordered}`);
    expect(refused.http).toBe(409);
    expect(refused.body.message).toBe(m.productInUse);
    expect((await call(admin, 'GET', `/products/${ordered}`)).body.data.orderCount).toBe(1);

    const withVm = (await call(admin, 'POST', '/products', productBody({ name: 'Running VM' }))).body.data.id as number;
    await createSimulatedVm(t.database.db, {
      companyId: acme,
      customerId: buyer.customerId,
      productId: withVm,
      name: 'vm-console-1',
      os: 'ubuntu',
      cpu: 2,
      ramGb: 4,
      diskGb: 40,
    });
    expect((await call(admin, 'DELETE', `/products/${withVm}`)).http).toBe(409);
  });

  it('builds the VM from the product’s template when it names one, else from its OS type', async () => {
    const templated = (await call(admin, 'POST', '/products', productBody({ name: 'Templated VM', template: 'ubuntu-24-golden' }))).body
      .data.id as number;
    const plain = (await call(admin, 'POST', '/products', productBody({ name: 'Plain VM', osType: 'centos' }))).body.data.id as number;
    for (const [productId, orderId] of [
      [templated, 910_001],
      [plain, 910_002],
    ] as const) {
      const vm = await t.modules.machines.vms.provisionForOrder({
        orderId,
        companyId: acme,
        customerId: buyer.customerId,
        productId,
        name: `vm-${orderId}`,
        cpu: 1,
        ramGb: 1,
        diskGb: 20,
        regionId: za,
        days: 30,
      });
      expect(vm.state).toBe('running');
    }
    const machines = await t.database.db
      .select()
      .from(simulatorVms)
      .where(inArray(simulatorVms.name, ['vm-910001', 'vm-910002']))
      .orderBy(simulatorVms.name);
    expect(machines.map((vm) => vm.template)).toEqual(['ubuntu-24-golden', 'centos']);
  });
});
