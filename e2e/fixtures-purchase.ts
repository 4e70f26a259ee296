import type { Db } from '../apps/api/src/db/client.ts';
import { completeCompany, createCustomer, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../apps/api/src/db/seed/purchase-factories.ts';

/** Origins of the purchase journeys' own companies (Chromium maps *.mawingu.test to this machine). */
export const purchaseOrigins = (port: number) => ({
  /** A company whose bypass switch is on (byPassflag 1): orders are paid without a gateway. */
  bypass: `http://bypass.mawingu.test:${port}`,
});

export const BYPASS_CUSTOMER = { email: 'lerato@bypass.example', password: 'Bypass@2026' } as const;
export const BYPASS_PRODUCT = 'Debian 12 Bookworm';

/** A bypass company with one product sold in South Africa for 30 days, and a verified customer. */
export async function loadPurchaseFixtures(db: Db, port: number) {
  const company = await upsertCompany(db, completeCompany('bypass-hosting', 'Bypass Hosting'), [purchaseOrigins(port).bypass]);
  const southAfrica = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  await createProduct(db, company.id, {
    name: BYPASS_PRODUCT,
    osType: 'debian',
    currency: 'ZAR',
    description: 'Debian 12 on the simulator, paid without a gateway.',
    regionIds: [southAfrica.id],
    specs: [
      { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 4, cost: '120.0000' },
      { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 8, cost: '60.0000' },
      { name: 'Disk', unit: 'GB', count: 40, min: 20, max: 100, step: 10, cost: '1.5000' },
    ],
  });
  await setPurchaseTerms(db, company.id, { timePeriods: [{ days: 30, label: '30 Days' }], bypass: true });
  await createCustomer(
    db,
    company.id,
    { email: BYPASS_CUSTOMER.email, firstName: 'Lerato', lastName: 'Mokoena', emailVerifiedAt: new Date() },
    BYPASS_CUSTOMER.password,
  );
}
