import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { orderLines, orders } from '../../../db/schema.ts';
import { openTwinOf, type TakenToGateway } from '../open-orders.ts';
import { newOrderReference } from './order-reference.ts';
import type { Quote } from './quote.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StoredOrder = { order: OrderRow; lines: OrderLineRow[] };

/** Purchase kinds (commingFrom): 1 new, 2 clone or snapshot, 3 renew, 4 update, 5 multi-renew. */
export const NEW_VM = 1;

/**
 * Writes a priced new-VM order and its lines in one transaction: all of it or nothing. The
 * customer's open order for the same configuration is given back instead (`openTwinOf`).
 */
export async function storeNewVmOrder(
  db: Db,
  takenToGateway: TakenToGateway,
  companyId: number,
  customerId: number,
  quote: Quote,
  vmName: string,
): Promise<StoredOrder> {
  const { product, region, bill } = quote;
  const values = {
    companyId,
    customerId,
    kind: NEW_VM,
    productId: product.row.id,
    productName: product.row.name,
    vmName,
    regionId: region.id,
    regionName: region.name,
    days: quote.days,
    currency: region.currency,
    taxPercent: region.taxPercent,
    price: bill.price,
    tax: bill.tax,
    discount: bill.discount,
    total: bill.total,
    gateway: quote.chosenGateway,
    bypass: quote.bypass,
    isGoldCopy: product.row.isGoldCopy,
    needsLicence: product.row.microsoftLicense,
  };
  const lineValues = bill.lines.map((line, i) => ({
    name: line.name,
    unit: line.unit,
    count: line.count,
    costPerUnit: quote.rates[i]!.costPerUnit,
    discountPercent: quote.rates[i]!.discountPercent,
    amount: line.amount,
  }));
  return db.transaction(async (tx) => {
    const open = await openTwinOf(tx, takenToGateway, values, lineValues);
    if (open) return open;
    const [order] = await tx
      .insert(orders)
      .values({ ...values, reference: newOrderReference() })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(lineValues.map((line, sortOrder) => ({ ...line, orderId: order!.id, companyId, sortOrder })))
      .returning();
    return { order: order!, lines };
  });
}

/** One of the customer's orders; undefined for anyone else's (the caller answers 404). */
export async function findOrderOf(db: Db, companyId: number, customerId: number, orderId: number): Promise<StoredOrder | undefined> {
  // Together: under load each round trip waits its turn. The lines count only when the order is the customer's.
  const [[order], lines] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId), eq(orders.customerId, customerId))),
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), eq(orderLines.companyId, companyId)))
      .orderBy(asc(orderLines.sortOrder)),
  ]);
  return order ? { order, lines } : undefined;
}
