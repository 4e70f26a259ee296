import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** Orders an erasure waits for: not yet paid and still payable, or paid and not yet fulfilled. */
const OPEN_STATUSES = ['created', 'paid', 'fulfilling', 'needs_attention'] as const;

/** The customer's orders, as sold (amounts as decimal strings). */
export async function ordersPersonalData(db: Db, companyId: number, customerId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)))
    .orderBy(asc(orders.createdAt));
  return {
    orders: rows.map((o) => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      product: o.productName,
      vmName: o.vmName,
      region: o.regionName,
      days: o.days,
      currency: o.currency,
      price: o.price,
      discount: o.discount,
      tax: o.tax,
      total: o.total,
      gateway: o.gateway,
      paidAt: o.paidAt?.toISOString() ?? null,
      createdAt: o.createdAt.toISOString(),
    })),
  };
}

/** The customer's orders: all of them, and the open ones (id and status). */
export async function customerOrderIdsOf(db: Pick<Db, 'select'>, companyId: number, customerId: number) {
  const rows = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId)));
  const open = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.companyId, companyId), eq(orders.customerId, customerId), inArray(orders.status, [...OPEN_STATUSES])))
    .orderBy(asc(orders.id));
  return { all: rows.map((r) => r.id), open: open.map((r) => r.id) };
}
