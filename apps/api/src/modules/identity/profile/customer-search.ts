import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { escapeLike } from '../../../db/like-pattern.ts';
import { customers } from '../../../db/schema.ts';

/**
 * Customers of the company matching a name, e-mail or id (an exact id first, then by e-mail), at
 * most `limit`, and how many customers the company has: a console form's customer picker.
 */
export async function customersMatching(db: Db, companyId: number, q: string, limit: number) {
  const pattern = `%${escapeLike(q)}%`;
  const [all] = await db.select({ n: count() }).from(customers).where(eq(customers.companyId, companyId));
  const rows = await db
    .select({ id: customers.id, email: customers.email, firstName: customers.firstName, lastName: customers.lastName })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        q
          ? or(
              ilike(customers.email, pattern),
              ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, pattern),
              sql`${customers.id}::text = ${q}`,
            )
          : undefined,
      ),
    )
    .orderBy(sql`${customers.id}::text = ${q} desc`, asc(customers.email))
    .limit(limit);
  return { rows, customerCount: all?.n ?? 0 };
}

/** The company's customer with this id, or with this e-mail (any case); undefined for another company's. */
export async function customerByIdOrEmail(db: Db, companyId: number, by: { customerId?: number; email?: string }) {
  const [customer] = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        by.customerId !== undefined ? eq(customers.id, by.customerId) : eq(sql`lower(${customers.email})`, by.email!.toLowerCase()),
      ),
    )
    .limit(1);
  return customer;
}

/**
 * The ids of the company's customers whose e-mail or name (first and last, trimmed) is like
 * `pattern`, as a subquery: a list of another domain's rows searches by its customer with
 * `${row.customerId} in ${customerIdsLike(companyId, pattern)}`, in its own one query.
 */
export function customerIdsLike(companyId: number, pattern: string): SQL {
  return sql`(select ${customers.id} from ${customers} where ${customers.companyId} = ${companyId} and (${customers.email} ilike ${pattern} or trim(${customers.firstName} || ' ' || ${customers.lastName}) ilike ${pattern}))`;
}
