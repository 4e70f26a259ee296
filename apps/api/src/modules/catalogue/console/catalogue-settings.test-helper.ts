import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ProductInput } from '@mawingu/contracts/admin/catalogue';
import { freePort } from '../../../../../../tools/start-product.ts';
import { adminCall, signInOperator, type SignedInOperator } from '../../../../test/operator-sign-in.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { createTestApp, post, type TestContext } from '../../../../test/test-app.ts';
import { auditLog } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';

export const SITE = 'https://acme-console-settings.example';
export const RATE_SITE = 'https://rate-console-settings.example';
const OTHER_SITE = 'https://zebra-console-settings.example';

const SPECS: ProductInput['specs'] = [
  { name: 'Processor', unit: 'vCPU', defaultCount: 2, minValue: 1, maxValue: 8, step: 1, costPerUnit: '100', sequence: 0 },
  { name: 'Memory', unit: 'GB', defaultCount: 4, minValue: 1, maxValue: 16, step: 1, costPerUnit: '50', sequence: 1 },
  { name: 'Disk', unit: 'GB', defaultCount: 40, minValue: 20, maxValue: 200, step: 10, costPerUnit: '2', sequence: 2 },
];

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type CatalogueSettingsWorld = Awaited<ReturnType<typeof openCatalogueSettingsWorld>>;

/**
 * A world for the console's catalogue settings: Acme (admin, support, a buyer, a product sold in
 * South Africa, bypass), Zebra's admin (another company), and a company paying through PayPal for
 * the ZAR → USD rate. The app listens: the PayPal sandbox it mounts is called over HTTP.
 */
export async function openCatalogueSettingsWorld() {
  const port = await freePort();
  const t: TestContext = await createTestApp({ PUBLIC_URL: `http://127.0.0.1:${port}` });
  await t.app.listen({ port, host: '127.0.0.1' });
  const db = t.database.db;
  const acme = (await upsertCompany(db, completeCompany('acme-console-settings', 'Acme Settings'), [SITE])).id;
  const rateCompany = (await upsertCompany(db, completeCompany('rate-console-settings', 'Rate Settings'), [RATE_SITE])).id;
  const zebra = (await upsertCompany(db, completeCompany('zebra-console-settings', 'Zebra Settings'), [OTHER_SITE])).id;
  const za = (await createRegion(db, acme, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' })).id;
  await setPurchaseTerms(db, acme, { timePeriods: [{ days: 30 }], bypass: true });
  const buyer: SignedIn = await signIn(
    t,
    acme,
    (await createCustomer(db, acme, { email: 'buyer@acme-settings.example', emailVerifiedAt: new Date() })).id,
  );
  const admin: SignedInOperator = await signInOperator(t, 'admin', acme);
  const otherAdmin: SignedInOperator = await signInOperator(t, 'admin', zebra);
  const support: SignedInOperator = await signInOperator(t, 'support', acme);

  const call = (who: SignedInOperator | null, method: Method, path: string, body?: unknown, company = acme) =>
    adminCall(t, who, method, `/companies/${company}/catalogue${path}`, body);
  const lastAudit = async (action: string) =>
    (await db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];
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
  const productId: number = (await call(admin, 'POST', '/products', productBody({}))).body.data.id;
  /** The configurator's product details, as a buyer's browser gets them. */
  const details = async (id = productId, who = buyer, site = SITE) => {
    const res = await post(t.app, 'virtualMachine/getVMProductDetail', { productID: id }, authHeaders(site, who));
    expect(res.http).toBe(200);
    return res.body.data;
  };

  // A company paying through the PayPal-type gateway, for the ZAR → USD rate.
  const rateZa = await createRegion(db, rateCompany, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  await setPurchaseTerms(db, rateCompany, {
    timePeriods: [{ days: 30 }],
    gateways: [{ regionId: rateZa.id, gateways: ['paypal'] }],
    bypass: false,
  });
  const rateBuyer: SignedIn = await signIn(
    t,
    rateCompany,
    (await createCustomer(db, rateCompany, { email: 'buyer@rate-settings.example', emailVerifiedAt: new Date() })).id,
  );
  const rateAdmin: SignedInOperator = await signInOperator(t, 'admin', rateCompany);
  const rateProduct: number = (await call(rateAdmin, 'POST', '/products', productBody({ name: 'Rate VM' }), rateCompany)).body.data.id;

  return {
    t,
    acme,
    rateCompany,
    zebra,
    za,
    admin,
    rateAdmin,
    otherAdmin,
    support,
    buyer,
    rateBuyer,
    productId,
    rateProduct,
    call,
    lastAudit,
    details,
    productBody,
  };
}
