import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { companies, orders } from '../apps/api/src/db/schema.ts';
import { createCustomer } from '../apps/api/src/db/seed/factories.ts';
import { seedTicketIssueTypes } from '../apps/api/src/db/seed/ticket-issue-types.ts';
import { LIFECYCLE_PRODUCT } from './fixtures-lifecycle.ts';

/**
 * The console's tickets and dashboard journey (console-tickets.e2e.ts) in the lifecycle company:
 * the issue types a customer raises tickets about, and paid orders through gateways the lifecycle
 * shop does not use itself (it pays by bypass), so the PayFast, Ozow and PayPal figures the
 * dashboard shows are exactly these, whatever else the journeys buy. The orders belong to a
 * customer of their own, so no other journey's lists change.
 */
export const DASHBOARD_CUSTOMER = { email: 'kofi@lifecycle.example', password: 'Lifecycle@2026' } as const;

/** Days before now each was paid (within the dashboard's default 30 days). */
export const DASHBOARD_ORDERS = [
  { gateway: 'payfast', currency: 'ZAR', total: '1150.00', daysAgo: 3 },
  { gateway: 'payfast', currency: 'ZAR', total: '345.50', daysAgo: 1 },
  { gateway: 'ozow', currency: 'ZAR', total: '820.25', daysAgo: 10 },
  { gateway: 'paypal', currency: 'USD', total: '49.99', daysAgo: 5 },
] as const;

export async function loadConsoleTicketsFixtures(db: Db) {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.slug, 'lifecycle-hosting'));
  if (!company) throw new Error('console tickets fixtures: load the lifecycle fixtures first');
  await seedTicketIssueTypes(db, company.id);
  const kofi = await createCustomer(
    db,
    company.id,
    { email: DASHBOARD_CUSTOMER.email, firstName: 'Kofi', lastName: 'Mensah', emailVerifiedAt: new Date() },
    DASHBOARD_CUSTOMER.password,
  );
  for (const order of DASHBOARD_ORDERS) {
    const paidAt = new Date(Date.now() - order.daysAgo * 86_400_000);
    await db.insert(orders).values({
      companyId: company.id,
      customerId: kofi.id,
      kind: 1,
      status: 'fulfilled',
      reference: randomUUID(),
      productName: LIFECYCLE_PRODUCT,
      regionName: 'South Africa',
      days: 30,
      currency: order.currency,
      taxPercent: '0.00',
      price: order.total,
      tax: '0.00',
      discount: '0.00',
      total: order.total,
      gateway: order.gateway,
      bypass: false,
      paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
  }
}
