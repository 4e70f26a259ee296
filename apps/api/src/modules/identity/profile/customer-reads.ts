import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { customers } from '../../../db/schema.ts';

/**
 * A customer's profile as other domains print it (an invoice's buyer, a mail's greeting), never the
 * password hash; undefined when the company has no such customer.
 */
export async function customerProfileOf(db: Db, companyId: number, customerId: number) {
  const [row] = await db
    .select({
      id: customers.id,
      email: customers.email,
      firstName: customers.firstName,
      lastName: customers.lastName,
      language: customers.language,
      companyName: customers.companyName,
      address: customers.address,
      city: customers.city,
      state: customers.state,
      postCode: customers.postCode,
      region: customers.region,
      vatNumber: customers.vatNumber,
      kraPin: customers.kraPin,
    })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)))
    .limit(1);
  return row;
}

/** Who the given customers are, by id, for lists that show a customer beside a row of another domain. */
export async function customerNamesOf(db: Db, companyId: number, customerIds: readonly number[]) {
  if (customerIds.length === 0) return new Map<number, { id: number; firstName: string; lastName: string; name: string; email: string }>();
  const rows = await db
    .select({
      id: customers.id,
      firstName: customers.firstName,
      lastName: customers.lastName,
      // As the console shows a customer: first and last name, trimmed (by PostgreSQL, as lists search it).
      name: sql<string>`trim(${customers.firstName} || ' ' || ${customers.lastName})`,
      email: customers.email,
    })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), inArray(customers.id, [...new Set(customerIds)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * How to write to these customers, of any company (the expiry pass's batch spans companies): e-mail,
 * first name and language by id, with the customer's company for the caller to match.
 */
export async function customerContactsOf(db: Pick<Db, 'select'>, customerIds: readonly number[]) {
  if (customerIds.length === 0) return new Map<number, { companyId: number; email: string; firstName: string; language: string | null }>();
  const rows = await db
    .select({
      id: customers.id,
      companyId: customers.companyId,
      email: customers.email,
      firstName: customers.firstName,
      language: customers.language,
    })
    .from(customers)
    .where(inArray(customers.id, [...new Set(customerIds)]));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}
