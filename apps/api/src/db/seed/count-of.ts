import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/** Rows a company has in a tenant table: the seed writes a list only when this is 0. */
export async function countOf(db: Db, table: PgTable & { companyId: AnyPgColumn }, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.companyId, companyId));
  return row?.n ?? 0;
}
