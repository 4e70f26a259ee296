import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';

/**
 * What a tax document needs of its order (billing's VAT report and eTIMS read it through here):
 * what was sold (the catalogue product, else the kind of order, and its name as bought), the
 * currency, the VAT rate and the frozen figures — price, discount, VAT and total.
 */
export type OrderAmounts = {
  id: number;
  productId: number | null;
  kind: number;
  productName: string;
  currency: string;
  taxPercent: string;
  price: string;
  discount: string;
  tax: string;
  total: string;
};

/** The amounts of the given orders, by id. */
export async function orderAmountsOf(db: Db, orderIds: readonly number[]): Promise<Map<number, OrderAmounts>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: orders.id,
      productId: orders.productId,
      kind: orders.kind,
      productName: orders.productName,
      currency: orders.currency,
      taxPercent: orders.taxPercent,
      price: orders.price,
      discount: orders.discount,
      tax: orders.tax,
      total: orders.total,
    })
    .from(orders)
    .where(inArray(orders.id, [...orderIds]));
  return new Map(rows.map((row) => [row.id, row]));
}
