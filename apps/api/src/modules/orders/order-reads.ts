import { and, asc, count, desc, eq, inArray, isNotNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idsInUse } from '../../db/ids-in-use.ts';
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

/** The customer's orders in this company, newest first (billing's purchase history). */
export function customerOrdersOf(db: Db, companyId: number, customerId: number): Promise<StoredOrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/**
 * True where `orderId` is an order of this customer in this company: a subquery another domain's
 * query asks in its own round trip (billing's result pages find the customer's attempt with it).
 */
export function isCustomersOrder(companyId: number, customerId: number, orderId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.companyId} = ${companyId} and ${orders.customerId} = ${customerId})`;
}

/** The lines of the given orders, each order's in their order on the bill. */
export async function orderLinesOf(db: Db, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.sortOrder), asc(orderLines.id));
}

/** What a kind-2 order made of its VM ('clone' or 'snapshot', from its VM row's details), or undefined. */
export async function backupKindOfOrder(db: Db, orderId: number): Promise<string | undefined> {
  const [row] = await db.select({ details: orderVms.details }).from(orderVms).where(eq(orderVms.orderId, orderId));
  return (row?.details as { backupKind?: string } | undefined)?.backupKind;
}

/**
 * The customer's paid renewals (kinds 3 and 5), one row per VM renewed, newest payment first (the
 * machines' Renewals tab, handed in: machines is built before orders).
 */
export function paidRenewalsOf(db: Db, companyId: number, customerId: number) {
  return db
    .select({
      orderId: orders.id,
      paidAt: orders.paidAt,
      currency: orders.currency,
      orderTotal: orders.total,
      vmId: orderVms.vmId,
      daysAdded: orderVms.daysAdded,
      total: orderVms.total,
    })
    .from(orders)
    .innerJoin(orderVms, eq(orderVms.orderId, orders.id))
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId), inArray(orders.kind, [3, 5]), isNotNull(orders.paidAt)))
    .orderBy(desc(orders.paidAt), desc(orders.id), asc(orderVms.vmId));
}

/** How many orders of the company name each of these products (the console's catalogue: a product in use). */
export async function orderCountsByProduct(db: Pick<Db, 'select'>, companyId: number, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ productId: orders.productId, n: count() })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), inArray(orders.productId, [...productIds])))
    .groupBy(orders.productId);
  return new Map(rows.map((r) => [r.productId!, r.n]));
}

/** Which of these regions an order was made in (the console's catalogue keeps such a region). */
export function regionsOrderedIn(db: Pick<Db, 'select'>, regionIds: readonly number[]): Promise<Set<number>> {
  return idsInUse(db, orders.regionId, regionIds);
}
