import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, post, type TestContext } from '../../../test/test-app.ts';
import { authHeaders, signIn, type SignedIn } from '../../../test/sign-in.ts';
import { createFileService } from '../../modules/tenant/files/service.ts';
import { createLocalFileStore } from '../../integrations/storage/local-file-store.ts';
import { products, timePeriods } from '../schema.ts';
import { seedDemo } from './demo-company.ts';
import { DEMO_KENYA_PRODUCT } from './demo-purchase-seed.ts';
import { createCustomer } from './factories.ts';

const ORIGIN = 'http://localhost:3999';

describe('the demo company’s purchase terms', () => {
  let t: TestContext;
  let companyId: number;
  let buyer: SignedIn;
  const productId = async (name: string) =>
    (
      await t.database.db
        .select()
        .from(products)
        .where(and(eq(products.companyId, companyId), eq(products.name, name)))
    )[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const files = createFileService(t.database.db, createLocalFileStore(`${t.config.dataDir}/files`));
    companyId = (await seedDemo(t.database.db, files, ORIGIN, { demoCustomer: false })).id;
    await seedDemo(t.database.db, files, ORIGIN, { demoCustomer: false });
    buyer = await signIn(
      t,
      companyId,
      (
        await createCustomer(t.database.db, companyId, {
          email: 'seed-buyer@example.co.za',
        })
      ).id,
    );
  });
  afterAll(() => t.close());

  it('are written once: 30, 90, 180 and 365 days', async () => {
    const rows = await t.database.db.select().from(timePeriods).where(eq(timePeriods.companyId, companyId)).orderBy(timePeriods.sortOrder);
    expect(rows.map((r) => r.days)).toEqual([30, 90, 180, 365]);
  });

  it('sell South African products through PayFast, Ozow and PayPal with small discounts and RAM → CPU ranges', async () => {
    const res = await post(
      t.app,
      'virtualMachine/getVMProductDetail',
      { productID: await productId('Ubuntu Server 24.04 LTS') },
      authHeaders(ORIGIN, buyer),
    );
    expect(res.http).toBe(200);
    expect(res.body.data.country).toEqual([
      expect.objectContaining({
        countryName: 'South Africa',
        currency: 'ZAR',
        taxValue: '15.00',
        paymentGateway: ['PayFast Payment', 'Ozow Payment', 'Paypal Payment'],
      }),
    ]);
    expect(res.body.data.discount).toEqual({
      ramDiscount: '5.00',
      diskDiscount: '2.50',
      cpuDiscount: '0.00',
    });
    expect(res.body.data.ramCpuDependecy).toContainEqual({
      ramStartLimit: 3,
      ramEndLimit: 8,
      cpuCount: 2,
    });
    expect(res.body.data.byPassflag).toBe(0);
  });

  it('sell a shilling-priced product in Kenya through Pesapal', async () => {
    const res = await post(
      t.app,
      'virtualMachine/getVMProductDetail',
      { productID: await productId(DEMO_KENYA_PRODUCT) },
      authHeaders(ORIGIN, buyer),
    );
    expect(res.body.data.VMProductDetail.vm_currency).toBe('KES');
    expect(res.body.data.country).toEqual([
      expect.objectContaining({
        countryName: 'Kenya',
        currency: 'KES',
        taxValue: '16.00',
        paymentGateway: ['Pesapal Payment'],
      }),
    ]);
  });
});
