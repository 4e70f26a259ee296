import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { Database } from '../apps/api/src/db/client.ts';
import { companies, customers, orderLines, orders, products, regions, ticketResponses, tickets, vms } from '../apps/api/src/db/schema.ts';
import { createSimulatedVm } from '../apps/api/src/db/seed/vm-factories.ts';
import { provisionVmSpec } from '../apps/api/src/modules/machines/vms/provision-job.ts';
import { startQueue } from '../apps/api/src/jobs/queue.ts';
import { issueInvoice } from '../apps/api/src/modules/billing/invoices/issue-invoice.ts';
import { provisionRequestOf } from '../apps/api/src/modules/billing/payments/provision-request.ts';
import { LIFECYCLE_CUSTOMER, LIFECYCLE_PRODUCT, OTHER_LIFECYCLE_CUSTOMER } from './fixtures-lifecycle.ts';

/**
 * The console's customers-and-VMs journey (console-customers.e2e.ts) in the lifecycle company:
 * a running VM of Amani's that only this journey blocks and unblocks (the lifecycle journeys use
 * their own), and a VM of Zola's whose provisioning failed, with its failed job in the queue, for
 * the failed-jobs page and its Retry. Zola's order has its invoice and Zola a resolved ticket, so the
 * console's customer page shows every tab with rows (Amani's are the lifecycle journeys').
 */
export const CONSOLE_CUSTOMERS_VMS = {
  /** Amani's: blocked, then unblocked, by the admin in the journey. */
  blockable: 'web-console-01',
  /** Zola's: provisioning failed after every retry; the admin retries it and it runs on the simulator. */
  failed: 'zola-retry-01',
} as const;

export const FAILED_PROVISIONING_ERROR = 'simulated unavailable failure of createVm';

export async function loadConsoleCustomersFixtures(database: Database) {
  const db = database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, 'lifecycle-hosting'));
  if (!company) throw new Error('console customers fixtures: load the lifecycle fixtures first');
  const customerOf = async (email: string) => {
    const [row] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, company.id), eq(customers.email, email)));
    if (!row) throw new Error(`console customers fixtures: no customer ${email}`);
    return row.id;
  };
  const amani = await customerOf(LIFECYCLE_CUSTOMER.email);
  const zola = await customerOf(OTHER_LIFECYCLE_CUSTOMER.email);
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.companyId, company.id), eq(products.name, LIFECYCLE_PRODUCT)));
  const [region] = await db.select().from(regions).where(eq(regions.companyId, company.id));
  if (!product || !region) throw new Error('console customers fixtures: no lifecycle product or region');

  await createSimulatedVm(db, {
    companyId: company.id,
    customerId: amani,
    productId: product.id,
    name: CONSOLE_CUSTOMERS_VMS.blockable,
    os: 'ubuntu',
    cpu: 2,
    ramGb: 4,
    diskGb: 40,
    regionId: region.id,
    endInDays: 25,
  });

  // Zola's paid new-VM order whose provisioning failed: the order as CreateOrder froze it, the VM
  // row as the provisioning job left it (failed, no machine, the last error).
  const [order] = await db
    .insert(orders)
    .values({
      companyId: company.id,
      customerId: zola,
      kind: 1,
      status: 'needs_attention',
      reference: 'console-customers-failed-provisioning-0001'.padEnd(32, '0'),
      productId: product.id,
      productName: LIFECYCLE_PRODUCT,
      regionId: region.id,
      regionName: region.name,
      days: 30,
      currency: 'ZAR',
      taxPercent: '15.00',
      price: '540.00',
      tax: '81.00',
      discount: '0.00',
      total: '621.00',
      bypass: true,
      paidAt: sql`now() - interval '3 days'`,
    })
    .returning();
  const lines = await db
    .insert(orderLines)
    .values([
      {
        orderId: order!.id,
        companyId: company.id,
        sortOrder: 0,
        name: 'Processor',
        unit: 'vCPU',
        count: 2,
        costPerUnit: '120.0000',
        amount: '240.00',
      },
      {
        orderId: order!.id,
        companyId: company.id,
        sortOrder: 1,
        name: 'Memory',
        unit: 'GB',
        count: 4,
        costPerUnit: '60.0000',
        amount: '240.00',
      },
      {
        orderId: order!.id,
        companyId: company.id,
        sortOrder: 2,
        name: 'Disk',
        unit: 'GB',
        count: 40,
        costPerUnit: '1.5000',
        amount: '60.00',
      },
    ])
    .returning();
  const request = provisionRequestOf(order!, lines);
  await db.insert(vms).values({
    companyId: company.id,
    customerId: zola,
    orderId: order!.id,
    productId: product.id,
    provider: 'simulator',
    name: CONSOLE_CUSTOMERS_VMS.failed,
    os: product.osType,
    state: 'failed',
    cpu: request.cpu,
    ramGb: request.ramGb,
    diskGb: request.diskGb,
    regionId: region.id,
    days: request.days,
    lastError: FAILED_PROVISIONING_ERROR,
  });

  await db.transaction((tx) =>
    issueInvoice(tx as unknown as typeof db, {
      companyId: company.id,
      customerId: zola,
      orderId: order!.id,
      attemptId: null,
      paymentMode: 'Bypass',
      transactionId: order!.reference,
      proforma: false,
    }),
  );
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId: company.id,
      customerId: zola,
      issueType: 'Billing',
      description: 'My new VM zola-retry-01 says Failed. Was I charged for it?',
      status: 'Resolved',
    })
    .returning();
  await db.insert(ticketResponses).values({
    ticketId: ticket!.id,
    status: 'Resolved',
    response: 'We are provisioning it again; no extra charge.',
    answeredBy: 'support',
  });

  // Its provisioning job, failed for good, as the queue keeps it (the queue's own tables).
  const queue = await startQueue(database, pino({ level: 'silent' }));
  try {
    const spec = provisionVmSpec();
    await queue.boss.createQueue(spec.name, {
      name: spec.name,
      policy: 'stately',
      retryLimit: spec.retryLimit,
      retryDelay: spec.retryDelay,
      retryBackoff: spec.retryBackoff,
    });
    const id = await queue.boss.send(spec.name, request, { singletonKey: spec.keyOf(request), retryLimit: 0 });
    const [job] = await queue.boss.fetch(spec.name);
    if (!id || job?.id !== id) throw new Error('console customers fixtures: the provisioning job was not queued');
    await queue.boss.fail(spec.name, id, { name: 'HypervisorError', message: FAILED_PROVISIONING_ERROR });
  } finally {
    await queue.stop();
  }
}
