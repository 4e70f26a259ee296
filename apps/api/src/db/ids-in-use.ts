import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Which of these ids some row of the column's table refers to (one grouped query): the owners'
 * answer to "is this region used?" for a whole list at once.
 */
export async function idsInUse(db: Pick<Db, 'select'>, column: AnyPgColumn, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: column })
    .from(column.table as PgTable)
    .where(inArray(column, [...ids]))
    .groupBy(column);
  return new Set(rows.map((r) => r.id as number));
}
