import type { Db } from '../apps/api/src/db/client.ts';
import { completeCompany, createCustomer, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../apps/api/src/db/seed/purchase-factories.ts';

/**
 * A second brand for the checkout journeys (issue 13): its own origin, a rand region paid through
 * PayFast, Ozow and PayPal and a shilling region through Pesapal, so every gateway is paid on a
 * company origin other than the demo's (the gateways' fakes are on origins of their own).
 */
export const secondBrandOrigin = (port: number) => `http://second-brand.mawingu.test:${port}`;

export const SECOND_BRAND_CUSTOMER = { email: 'thandi@second-brand.example', password: 'Second@2026' } as const;
export const SECOND_BRAND_PRODUCTS = { rand: 'Ubuntu 24.04 Johannesburg', shilling: 'CentOS Stream 9 Nairobi' } as const;

const SPECS = [
  { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 4, cost: '110.0000' },
  { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 8, cost: '55.0000' },
  { name: 'Disk', unit: 'GB', count: 40, min: 20, max: 100, step: 10, cost: '1.2500' },
] as const;

export async function loadCheckoutFixtures(db: Db, port: number) {
  const company = await upsertCompany(db, completeCompany('second-brand', 'Second Brand Cloud'), [secondBrandOrigin(port)]);
  const za = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const ke = await createRegion(db, company.id, { name: 'Kenya', iso2: 'KE', currency: 'KES', taxPercent: '16.00' });
  await createProduct(db, company.id, {
    name: SECOND_BRAND_PRODUCTS.rand,
    osType: 'ubuntu',
    currency: 'ZAR',
    description: 'Ubuntu on the simulator, sold by the second brand.',
    regionIds: [za.id],
    specs: SPECS.map((s) => ({ ...s })),
  });
  await createProduct(db, company.id, {
    name: SECOND_BRAND_PRODUCTS.shilling,
    osType: 'CentOS',
    currency: 'KES',
    description: 'CentOS Stream in Nairobi, sold by the second brand.',
    regionIds: [ke.id],
    specs: [
      { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 4, cost: '950.0000' },
      { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 8, cost: '480.0000' },
      { name: 'Disk', unit: 'GB', count: 40, min: 20, max: 100, step: 10, cost: '11.0000' },
    ],
  });
  await setPurchaseTerms(db, company.id, {
    timePeriods: [{ days: 30, label: '30 Days' }],
    gateways: [
      { regionId: za.id, gateways: ['payfast', 'ozow', 'paypal'] },
      { regionId: ke.id, gateways: ['pesapal'] },
    ],
  });
  await createCustomer(
    db,
    company.id,
    { email: SECOND_BRAND_CUSTOMER.email, firstName: 'Thandi', lastName: 'Mahlangu', emailVerifiedAt: new Date() },
    SECOND_BRAND_CUSTOMER.password,
  );
}
