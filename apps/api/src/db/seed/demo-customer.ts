import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { customers } from '../schema.ts';
import { createCustomer } from './factories.ts';

/**
 * A verified customer of the demo company, so a person can log in right away (README, demo data).
 * The password is public: the seed leaves it out in production (NODE_ENV=production).
 */
export const DEMO_CUSTOMER = { email: 'demo@mawingu.local', password: 'Demo@1234' } as const;

/** Creates the demo customer once; an existing one (perhaps with a changed password) is left alone. */
export async function seedDemoCustomer(db: Db, companyId: number) {
  const [existing] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.email, DEMO_CUSTOMER.email)))
    .limit(1);
  if (existing) return;
  await createCustomer(
    db,
    companyId,
    {
      email: DEMO_CUSTOMER.email,
      firstName: 'Demo',
      lastName: 'Customer',
      countryCode: '+27',
      contactNo: '821234567',
      region: 'South Africa',
      companyName: 'Demo Trading',
      address: '1 Magwa Crescent',
      city: 'Midrand',
      state: 'Gauteng',
      postCode: '1685',
      emailVerifiedAt: new Date(),
    },
    DEMO_CUSTOMER.password,
  );
}
