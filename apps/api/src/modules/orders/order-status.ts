import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@mawingu/contracts/order-status';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/orders.ts';

/** What may change with the status in the same write (the payment's facts when it is paid). */
type AlongWith = { paidAt?: Date | SQL; gateway?: string | null };

/**
 * The one writer of an order's status: moves the order to `to` only while it is in one of `from`,
 * so two workers (or a replayed notification) cannot both move it. True when this call moved it.
 */
export async function transition(
  db: Db,
  orderId: number,
  from: readonly OrderStatus[],
  to: OrderStatus,
  alongWith: AlongWith = {},
): Promise<boolean> {
  const moved = await db
    .update(orders)
    .set({ ...alongWith, status: to, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...from])))
    .returning({ id: orders.id });
  return moved.length > 0;
}
