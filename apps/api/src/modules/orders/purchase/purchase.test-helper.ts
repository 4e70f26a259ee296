import { sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { RAND_SPECS, SHILLING_SPECS, specificationOf } from '../../../../test/purchase-fixtures.ts';
import { authHeaders, signIn, type SignedIn } from '../../../../test/sign-in.ts';
import { orders } from '../../../db/schema.ts';
import { completeCompany, createCustomer, upsertCompany } from '../../../db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../../../db/seed/purchase-factories.ts';

export const ACME = 'https://acme-purchase.example';
export const ZEBRA = 'https://zebra-purchase.example';
export const NOPAY = 'https://nopay-purchase.example';
export const BYPASS = 'https://bypass-purchase.example';

export type PurchaseWorld = Awaited<ReturnType<typeof openPurchaseWorld>>;

/**
 * A world to buy a new VM in: Acme (South Africa in rand, Kenya in shillings, gateways, discounts,
 * a Windows product), Zebra (another company), a company whose region offers no gateway and one
 * that bypasses gateways. Sliders of the test product: R120 a vCPU, R45 a GB of memory, R1.50 a GB
 * of disk, per 30 days.
 */
export async function openPurchaseWorld() {
  const t: TestContext = await createTestApp();
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
  const acme = {
    id: company.id,
    za: za.id,
    ke: ke.id,
    product: product.id,
    nairobi: nairobi.id,
    windows: windows.id,
  };
  const buyer: SignedIn = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'buyer@example.co.za' })).id);
  const other: SignedIn = await signIn(t, company.id, (await createCustomer(db, company.id, { email: 'other@example.co.za' })).id);

  const zebra = await upsertCompany(db, completeCompany('zebra-purchase', 'Zebra Hosting'), [ZEBRA]);
  await createRegion(db, zebra.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const zebraProduct: number = (await createProduct(db, zebra.id, { name: 'Zebra VM', specs: RAND_SPECS })).id;
  await setPurchaseTerms(db, zebra.id, { timePeriods: [{ days: 30 }] });

  // A company whose region offers no gateway, and one that bypasses gateways altogether.
  const nopay = await upsertCompany(db, completeCompany('nopay-purchase', 'No Pay Cloud'), [NOPAY]);
  await createRegion(db, nopay.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const nopayProduct: number = (
    await createProduct(db, nopay.id, {
      name: 'Lonely VM',
      specs: RAND_SPECS,
    })
  ).id;
  await setPurchaseTerms(db, nopay.id, { timePeriods: [{ days: 30 }] });
  const nopayBuyer: SignedIn = await signIn(t, nopay.id, (await createCustomer(db, nopay.id, { email: 'buyer@example.co.za' })).id);

  const bypass = await upsertCompany(db, completeCompany('bypass-purchase', 'Bypass Cloud'), [BYPASS]);
  const bypassZa = await createRegion(db, bypass.id, {
    name: 'South Africa',
    iso2: 'ZA',
    currency: 'ZAR',
    taxPercent: '15.00',
  });
  const bypassProduct: number = (
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
  const bypassBuyer: SignedIn = await signIn(t, bypass.id, (await createCustomer(db, bypass.id, { email: 'buyer@example.co.za' })).id);

  const as = (who: SignedIn, site = ACME) => authHeaders(site, who);
  const orderCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n;

  /** The 90-day order of 8 GB, 2 vCPU, 100 GB in South Africa, its figures worked out in create-order.test.ts. */
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

  return { t, acme, zebraProduct, buyer, other, nopayBuyer, bypassBuyer, nopayProduct, bypassProduct, as, orderCount, order90 };
}
