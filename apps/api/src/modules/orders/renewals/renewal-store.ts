import type { Db } from '../../../db/client.ts';
import { orderLines, orders, orderVms } from '../../../db/schema.ts';
import { openTwinOf, type TakenToGateway } from '../open-orders.ts';
import { newOrderReference } from '../purchase/order-reference.ts';
import type { StoredOrder } from '../purchase/order-store.ts';
import type { RenewalQuote } from './renew-quote.ts';

/** Purchase kinds (commingFrom) of this module. */
export const RENEW = 3;
export const MULTI_RENEW = 5;

const MAX_NAME = 200;

/**
 * The order's name as the purchase details page, the history and the invoice show it (their
 * "vmName"): the renewed VM's name, or the names of all of them for multi-renew.
 */
function orderNameOf(quote: RenewalQuote): string {
  const names = quote.vms.map((v) => v.target.vm.name).join(', ');
  return names.length > MAX_NAME ? `${names.slice(0, MAX_NAME - 1)}…` : names;
}

/**
 * Writes a priced renewal in one transaction: the order (kind 3 or 5, arrears), its bill lines
 * (each VM's Memory, Processor and Disk; prefixed with the VM's name when there are several) and
 * one order_vms row per VM with its share of the bill, the days added and the arrears days.
 */
export async function storeRenewalOrder(
  db: Db,
  takenToGateway: TakenToGateway,
  companyId: number,
  customerId: number,
  quote: RenewalQuote,
): Promise<StoredOrder> {
  const several = quote.vms.length > 1;
  const first = quote.vms[0]!.target;
  const values = {
    companyId,
    customerId,
    kind: quote.kind,
    productId: several ? null : first.product.row.id,
    productName: orderNameOf(quote),
    regionId: quote.region.id,
    regionName: quote.region.name,
    days: quote.days,
    currency: quote.region.currency,
    taxPercent: quote.region.taxPercent,
    price: quote.price,
    tax: quote.tax,
    discount: '0.00',
    arrears: quote.arrears,
    total: quote.total,
    gateway: quote.chosenGateway,
    bypass: quote.bypass,
    isGoldCopy: !several && first.product.row.isGoldCopy,
    // The licence belongs to the VM's first purchase; a renewal asks for none.
    needsLicence: false,
  };
  const rows = quote.vms.flatMap(({ target, bill }) =>
    bill.lines.map((line, i) => ({
      name: several ? `${target.vm.name} ${line.name}` : line.name,
      unit: line.unit,
      count: line.count,
      costPerUnit: String(target.lines[i]!.costPerUnit),
      amount: line.amount,
    })),
  );
  return db.transaction(async (tx) => {
    // The customer's open renewal of the same VMs, days and amounts is given back instead.
    const open = await openTwinOf(
      tx,
      takenToGateway,
      values,
      rows,
      quote.vms.map(({ target }) => ({ vmId: target.vm.id })),
    );
    if (open) return open;
    const [order] = await tx
      .insert(orders)
      .values({ ...values, reference: newOrderReference() })
      .returning();
    const lines = await tx
      .insert(orderLines)
      .values(rows.map((row, sortOrder) => ({ ...row, orderId: order!.id, companyId, sortOrder, discountPercent: '0' })))
      .returning();
    await tx.insert(orderVms).values(
      quote.vms.map(({ target, bill }) => ({
        orderId: order!.id,
        vmId: target.vm.id,
        companyId,
        price: bill.price,
        tax: bill.tax,
        arrears: bill.arrears,
        total: bill.total,
        daysAdded: quote.days,
        daysExtended: bill.daysExtended,
      })),
    );
    return { order: order!, lines };
  });
}
