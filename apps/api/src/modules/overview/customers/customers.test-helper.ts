import { signInOperator } from '../../../../test/operator-sign-in.ts';
import { signIn } from '../../../../test/sign-in.ts';
import { createTestApp } from '../../../../test/test-app.ts';
import { ticketResponses, tickets } from '../../../db/schema.ts';
import { createCustomer } from '../../../db/seed/factories.ts';
import { createSimulatedVm } from '../../../db/seed/vm-factories.ts';
import { provisionVmJob } from '../../machines/vms/provision-job.ts';
import { createShop, insertOrder, markPaid, type Shop } from '../../billing/invoices/invoices.test-helper.ts';

export const ACME = 'https://acme-console-customers.example';
export const ZEBRA = 'https://zebra-console-customers.example';
const FAST_RETRY = { retryLimit: 1, retryDelay: 1 };

export type CustomersWorld = Awaited<ReturnType<typeof openCustomersWorld>>;

/**
 * The console customers' world: Acme and Zebra shops, Amani and Thandi (and Zebra's Amani), their
 * VMs, a paid order with its invoice and tickets, Acme's admin and support, Zebra's admin and the
 * owner; the provisioning worker runs.
 */
export async function openCustomersWorld() {
  const t = await createTestApp({ SIMULATOR_BOOT_MS: '0' });
  const db = t.database.db;
  const acme = await createShop(t, 'acme-console-customers', 'Acme Cloud', ACME);
  const zebra = await createShop(t, 'zebra-console-customers', 'Zebra Hosting', ZEBRA);
  const amani = await createCustomer(db, acme.companyId, {
    email: 'amani@savanna.example',
    firstName: 'Amani',
    lastName: 'Njoroge',
    companyName: 'Savanna Traders',
    countryCode: '+254',
    contactNo: '712345678',
    region: 'Kenya',
  });
  const thandi = await createCustomer(db, acme.companyId, {
    email: 'thandi@karoo.example',
    firstName: 'Thandi',
    lastName: 'Mokoena',
    companyName: 'Karoo Foods',
    countryCode: '+27',
    contactNo: '821234567',
  });
  // Same name in another company: never in Acme's search, never readable by Acme's operators.
  const zebraAmani = await createCustomer(db, zebra.companyId, { email: 'amani@zebra.example', firstName: 'Amani', lastName: 'Otieno' });
  const amaniSession = await signIn(t, acme.companyId, amani.id);

  const admin = await signInOperator(t, 'admin', acme.companyId);
  const support = await signInOperator(t, 'support', acme.companyId);
  const zebraAdmin = await signInOperator(t, 'admin', zebra.companyId);
  const owner = await signInOperator(t, 'owner');

  const vmOf = (shop: Shop, customerId: number, name: string, extra: Partial<Parameters<typeof createSimulatedVm>[1]> = {}) =>
    createSimulatedVm(db, {
      companyId: shop.companyId,
      customerId,
      productId: shop.productId,
      name,
      os: 'ubuntu',
      cpu: 2,
      ramGb: 4,
      diskGb: 50,
      ...extra,
    });
  const amaniVm = await vmOf(acme, amani.id, 'amani-web-01');
  await vmOf(acme, thandi.id, 'thandi-db-01', { state: 'stopped' });
  const zebraVm = await vmOf(zebra, zebraAmani.id, 'zebra-web-01');

  const paidOrder = await insertOrder(db, acme, amani.id);
  await markPaid(db, paidOrder);
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId: acme.companyId, customerId: amani.id, issueType: 'Billing', description: 'Please send the invoice again.' })
    .returning();
  await db.insert(ticketResponses).values({ ticketId: ticket!.id, status: 'Resolved', response: 'Sent.', answeredBy: 'support' });
  // Another customer's ticket is not Amani's.
  await db.insert(tickets).values({ companyId: acme.companyId, customerId: thandi.id, issueType: 'Other', description: 'Hello' });

  await t.queue.work([provisionVmJob(t.modules.machines.vms, FAST_RETRY)], { pollingIntervalSeconds: 0.5 });
  return { t, acme, zebra, amani, thandi, zebraAmani, amaniSession, admin, support, zebraAdmin, owner, amaniVm, zebraVm, paidOrder };
}
