import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { products } from '../apps/api/src/db/schema.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo-company.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { createSimulatedVm } from '../apps/api/src/db/seed/vm-factories.ts';
import { createLocalFileStore } from '../apps/api/src/integrations/storage/local-file-store.ts';
import { createFileService } from '../apps/api/src/modules/tenant/files/service.ts';

/**
 * The demo company and a customer of it owning `vms` running VMs of its first VM product (named
 * `<prefix>01`, `<prefix>02`…), written before the product opens the data directory: the account
 * the page and load benches sign in as.
 */
export async function seedDemoCustomer(db: Db, dataDir: string, publicUrl: string, { email, vms }: { email: string; vms: number }) {
  const company = await seedDemo(db, createFileService(db, createLocalFileStore(path.join(dataDir, 'files'))), publicUrl);
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, company.id), eq(products.serviceName, 'virtualmachine')))
    .orderBy(asc(products.id))
    .limit(1);
  if (!product) throw new Error('the demo catalogue has no VM product');
  const customer = await createCustomer(db, company.id, { email, firstName: 'Bench', lastName: 'Customer' });
  for (let i = 1; i <= vms; i++) {
    await createSimulatedVm(db, {
      ...{ companyId: company.id, customerId: customer.id, productId: product.id, os: product.osType },
      ...{ name: `bench-vm-${String(i).padStart(2, '0')}`, cpu: 2, ramGb: 4, diskGb: 40, endInDays: 10 + i },
    });
  }
  return { company, customer, product };
}
