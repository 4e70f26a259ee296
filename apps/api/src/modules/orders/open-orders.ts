import { and, asc, eq, getTableColumns, isNull, lt, not, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLines, orders, orderVms } from '../../db/schema.ts';
import { transition } from './order-status.ts';

/** How long an order nobody took to a gateway stays open; older ones are expired (expire-orders-job.ts). */
export const OPEN_ORDER_HOURS = 24;

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
/** The order about to be written: every column it sets but its reference. */
export type OrderValues = Omit<typeof orders.$inferInsert, 'reference' | 'id' | 'status'>;
export type LineValues = Pick<LineRow, 'name' | 'unit' | 'count' | 'amount' | 'costPerUnit'>;
export type OrderVmValues = { vmId: number; details?: Record<string, unknown> };

const COLUMNS = getTableColumns(orders);

/**
 * Billing's condition that an order (its id column given) was taken to a gateway: it has a payment
 * attempt. Handed in (create-modules.ts): orders are built before billing and do not import it.
 */
export type TakenToGateway = (orderId: SQLWrapper) => SQL;

/** Never sent to a gateway: no payment attempt at all, so nobody can be paying it right now. */
const untouched = (takenToGateway: TakenToGateway) => not(takenToGateway(orders.id));

/** JSON with its keys in order, so equal details compare equal. */
const stable = (value: Record<string, unknown> | undefined) =>
  JSON.stringify(Object.fromEntries(Object.entries(value ?? {}).sort(([a], [b]) => a.localeCompare(b))));

const sameLines = (stored: LineRow[], wanted: LineValues[]) =>
  stored.length === wanted.length &&
  stored.every((row, i) => {
    const line = wanted[i]!;
    return (
      row.name === line.name &&
      row.unit === line.unit &&
      row.count === line.count &&
      Number(row.amount) === Number(line.amount) &&
      Number(row.costPerUnit) === Number(line.costPerUnit)
    );
  });

/**
 * The customer's open order for exactly this configuration, if there is one: same kind, every
 * column the new order would set (product, region, days, amounts, gateway, …), the same lines and
 * the same VMs with the same details, still `created`, younger than OPEN_ORDER_HOURS and never
 * taken to a gateway. Each visit to the purchase page asks for an order; this one is given back
 * instead of a new one piling up. Call inside the transaction that would insert; it takes a lock
 * per customer, so a double click cannot make two.
 */
export async function openTwinOf(
  tx: Db,
  takenToGateway: TakenToGateway,
  values: OrderValues,
  lines: LineValues[],
  vms: OrderVmValues[] = [],
): Promise<{ order: OrderRow; lines: LineRow[] } | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('open-order'), ${values.customerId}::int)`);
  const same: SQL[] = [];
  for (const [key, value] of Object.entries(values)) {
    const column = COLUMNS[key as keyof typeof COLUMNS];
    if (!column || value === undefined) continue;
    same.push(value === null ? isNull(column) : eq(column, value));
  }
  const candidates = await tx
    .select()
    .from(orders)
    .where(
      and(
        ...same,
        eq(orders.status, 'created'),
        sql`${orders.createdAt} > now() - make_interval(hours => ${OPEN_ORDER_HOURS})`,
        untouched(takenToGateway),
      ),
    )
    .orderBy(asc(orders.id));
  for (const order of candidates) {
    const [stored, storedVms] = await Promise.all([
      tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sortOrder)),
      tx.select({ vmId: orderVms.vmId, details: orderVms.details }).from(orderVms).where(eq(orderVms.orderId, order.id)),
    ]);
    const vmKey = (list: OrderVmValues[]) =>
      list
        .map((v) => `${v.vmId}:${stable(v.details)}`)
        .sort()
        .join('|');
    if (sameLines(stored, lines) && vmKey(storedVms) === vmKey(vms)) return { order, lines: stored };
  }
  return undefined;
}

/**
 * Expires abandoned orders: `created` for more than OPEN_ORDER_HOURS and never taken to a gateway
 * become `cancelled` through `transition` (so one paid meanwhile stays paid). An order taken to a
 * gateway is left to the payments' reconciliation, which asks the gateway. A cancelled order may
 * still be paid (PAYABLE_ORDER_STATUSES). Returns how many it expired.
 */
export async function expireAbandonedOrders(db: Db, takenToGateway: TakenToGateway, now = new Date(), batchSize = 500): Promise<number> {
  const cutoff = new Date(now.getTime() - OPEN_ORDER_HOURS * 3_600_000);
  let expired = 0;
  for (;;) {
    const batch = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'created'), lt(orders.createdAt, cutoff), untouched(takenToGateway)))
      .orderBy(asc(orders.id))
      .limit(batchSize);
    for (const { id } of batch) if (await transition(db, id, ['created'], 'cancelled')) expired += 1;
    if (batch.length < batchSize) return expired;
  }
}
