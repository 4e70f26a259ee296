import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/** What a tax document needs of its order: the currency, the VAT rate, the VAT and the total. */
export type OrderAmounts = { id: number; currency: string; taxPercent: string; tax: string; total: string };

/** The amounts of the given orders, by id (billing's VAT report reads them through here). */
export async function orderAmountsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderAmounts>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, currency: orders.currency, taxPercent: orders.taxPercent, tax: orders.tax, total: orders.total })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row]));
}
