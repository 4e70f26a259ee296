import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operators } from '../../../db/schema.ts';

/**
 * The active (not disabled) operators of one company, by name: whom a ticket of that company may
 * be assigned to. The platform owner belongs to no company and is not listed.
 */
export async function companyOperators(db: Db, companyId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: operators.id, name: operators.name, email: operators.email })
    .from(operators)
    .where(and(eq(operators.companyId, companyId), isNull(operators.disabledAt)))
    .orderBy(asc(operators.name), asc(operators.id));
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}
