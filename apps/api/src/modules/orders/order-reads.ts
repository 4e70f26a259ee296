import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, orderVms } from '../../db/schema.ts';

/** An order as stored. */
export type StoredOrderRow = typeof orders.$inferSelect;

/**
 * One order by id, for the domains that act on it (billing settles and reconciles it), or undefined.
 * `companyId` scopes it to a company; `lock` holds the row FOR UPDATE until the transaction ends.
 */
export async function orderById(
  db: Db,
  orderId: number,
  { companyId, lock = false }: { companyId?: number; lock?: boolean } = {},
): Promise<StoredOrderRow | undefined> {
  const query = db
    .select()
    .from(orders)
    .where(companyId === undefined ? eq(orders.id, orderId) : and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
  const [order] = lock ? await query.for('update') : await query;
  return order;
}

/** An order's lines in their order on the bill. */
export function orderLinesOf(db: Db, orderId: number) {
  return db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.sortOrder));
}

/** What a kind-2 order made of its VM ('clone' or 'snapshot', from its VM row's details), or undefined. */
export async function backupKindOfOrder(db: Db, orderId: number): Promise<string | undefined> {
  const [row] = await db.select({ details: orderVms.details }).from(orderVms).where(eq(orderVms.orderId, orderId));
  return (row?.details as { backupKind?: string } | undefined)?.backupKind;
}
