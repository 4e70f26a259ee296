import type { Db } from '../apps/api/src/db/client.ts';
import { completeCompany, createCustomer, upsertCompany } from '../apps/api/src/db/seed/factories.ts';
import { createProduct, createRegion, setPurchaseTerms } from '../apps/api/src/db/seed/purchase-factories.ts';
import { createSimulatedVm } from '../apps/api/src/db/seed/vm-factories.ts';

/** The VM lifecycle journeys' company: bypass payments, VMs on the simulator in every state. */
export const lifecycleOrigin = (port: number) => `http://lifecycle.mawingu.test:${port}`;

export const LIFECYCLE_CUSTOMER = { email: 'amani@lifecycle.example', password: 'Lifecycle@2026' } as const;
export const OTHER_LIFECYCLE_CUSTOMER = { email: 'zola@lifecycle.example', password: 'Lifecycle@2026' } as const;
export const LIFECYCLE_PRODUCT = 'Ubuntu 24.04 LTS';

/** The customer's VMs by the part they play in the journeys. */
export const LIFECYCLE_VMS = {
  renewOne: 'web-renew-01',
  renewTwoA: 'web-multi-01',
  renewTwoB: 'web-multi-02',
  update: 'db-update-01',
  backup: 'app-backup-01',
  remove: 'tmp-delete-01',
  ip: 'api-ip-01',
  blocked: 'mail-blocked-01',
  archived: 'old-archived-01',
} as const;

export async function loadLifecycleFixtures(db: Db, port: number) {
  const company = await upsertCompany(db, completeCompany('lifecycle-hosting', 'Lifecycle Hosting'), [lifecycleOrigin(port)]);
  const southAfrica = await createRegion(db, company.id, { name: 'South Africa', iso2: 'ZA', currency: 'ZAR', taxPercent: '15.00' });
  const product = await createProduct(db, company.id, {
    name: LIFECYCLE_PRODUCT,
    osType: 'ubuntu',
    currency: 'ZAR',
    description: 'Ubuntu on the simulator, paid without a gateway.',
    regionIds: [southAfrica.id],
    specs: [
      { name: 'Processor', unit: 'vCPU', count: 2, min: 1, max: 8, cost: '120.0000' },
      { name: 'Memory', unit: 'GB', count: 4, min: 1, max: 16, cost: '60.0000' },
      { name: 'Disk', unit: 'GB', count: 40, min: 20, max: 200, step: 10, cost: '1.5000' },
    ],
  });
  await setPurchaseTerms(db, company.id, {
    timePeriods: [
      { days: 30, label: '30 Days' },
      { days: 90, label: '90 Days' },
    ],
    bypass: true,
  });
  const customer = await createCustomer(
    db,
    company.id,
    { email: LIFECYCLE_CUSTOMER.email, firstName: 'Amani', lastName: 'Njoroge', emailVerifiedAt: new Date() },
    LIFECYCLE_CUSTOMER.password,
  );
  const other = await createCustomer(
    db,
    company.id,
    { email: OTHER_LIFECYCLE_CUSTOMER.email, firstName: 'Zola', lastName: 'Dlamini', emailVerifiedAt: new Date() },
    OTHER_LIFECYCLE_CUSTOMER.password,
  );
  const base = {
    companyId: company.id,
    customerId: customer.id,
    productId: product.id,
    os: 'ubuntu',
    cpu: 2,
    ramGb: 4,
    diskGb: 40,
    regionId: southAfrica.id,
  };
  const v = LIFECYCLE_VMS;
  await createSimulatedVm(db, { ...base, name: v.renewOne, endInDays: 5 });
  await createSimulatedVm(db, { ...base, name: v.renewTwoA, endInDays: 10 });
  await createSimulatedVm(db, { ...base, name: v.renewTwoB, endInDays: -2, state: 'expired' });
  await createSimulatedVm(db, { ...base, name: v.update, state: 'stopped', endInDays: 25 });
  await createSimulatedVm(db, { ...base, name: v.backup, endInDays: 25, alias: 'Shop backend' });
  await createSimulatedVm(db, { ...base, name: v.remove, endInDays: 25 });
  await createSimulatedVm(db, { ...base, name: v.ip, endInDays: 25 });
  await createSimulatedVm(db, { ...base, name: v.blocked, endInDays: 25, blocked: true });
  await createSimulatedVm(db, { ...base, name: v.archived, state: 'archived', endInDays: -20 });
  // Another customer's VM: never visible to Amani, and Amani's calls on it are refused.
  await createSimulatedVm(db, { ...base, customerId: other.id, name: 'zola-private-01', endInDays: 25 });
}
