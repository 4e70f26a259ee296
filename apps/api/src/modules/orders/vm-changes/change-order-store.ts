import type { Db } from '../../../db/client.ts';
import { orderLines, orders, orderVms } from '../../../db/schema.ts';
import { openTwinOf, type TakenToGateway } from '../open-orders.ts';
import { newOrderReference } from '../purchase/order-reference.ts';
import type { StoredOrder } from '../purchase/order-store.ts';
import type { VmContext } from './vm-context.ts';

/** Purchase kinds (commingFrom) of this module. */
export const BACKUP_ORDER = 2;
export const UPDATE_ORDER = 4;

export type ChangeOrder = {
  kind: typeof BACKUP_ORDER | typeof UPDATE_ORDER;
  days: number;
  totals: { price: string; tax: string; total: string };
  /** Bill lines with their frozen unit cost. */
  lines: {
    name: string;
    unit: string;
    count: number;
    amount: string;
    costPerUnit: string;
  }[];
  details: Record<string, unknown>;
  gateway: string | null;
  bypass: boolean;
};

/**
 * The order, its lines and the VM it acts on, in one transaction: all of it or nothing. The
 * customer's open order for the same change of the same VM is given back instead (`openTwinOf`).
 */
export async function storeChangeOrder(
  db: Db,
  takenToGateway: TakenToGateway,
  ctx: VmContext,
  customerId: number,
  change: ChangeOrder,
): Promise<StoredOrder> {
  const { vm, product, region } = ctx;
  const values = {
    companyId: vm.companyId,
    customerId,
    kind: change.kind,
    productId: product.row.id,
    productName: vm.name,
    regionId: region.id,
    regionName: region.name,
    days: change.days,
    currency: region.currency,
    taxPercent: region.taxPercent,
    price: change.totals.price,
    tax: change.totals.tax,
    discount: '0.00',
    total: change.totals.total,
    gateway: change.gateway,
    bypass: change.bypass,
    isGoldCopy: product.row.isGoldCopy,
  };
  return db.transaction(async (tx) => {
    const open = await openTwinOf(tx, takenToGateway, values, change.lines, [{ vmId: vm.id, details: change.details }]);
    if (open) return open;
    const [order] = await tx
      .insert(orders)
      .values({ ...values, reference: newOrderReference() })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(
        change.lines.map((line, i) => ({
          orderId: order!.id,
          companyId: vm.companyId,
          sortOrder: i,
          ...line,
        })),
      )
      .returning();
    await tx.insert(orderVms).values({
      orderId: order!.id,
      vmId: vm.id,
      companyId: vm.companyId,
      price: change.totals.price,
      tax: change.totals.tax,
      total: change.totals.total,
      details: change.details,
    });
    return { order: order!, lines };
  });
}
