import type { Db } from '../../../db/client.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import { orderById, orderLinesOf, orderVmLabels, type StoredOrder, type StoredOrderRow } from '../../orders/index.ts';
import { invoicePartiesOf } from '../invoices/invoice-parties.ts';
import { attemptById } from './attempt-store.ts';

/**
 * What paying an order reads but never changes: the order itself (its state aside), its lines
 * (provisioning), the customer's account (the receipt), its VM's label, the invoice's seller and
 * buyer — asked together, one pass of the event loop outside a transaction. `lines` when the
 * caller read them already.
 */
export async function paidFactsOf(db: Db, order: StoredOrderRow, lines?: StoredOrder['lines']) {
  const [orderLines, account, labelOf, parties] = await Promise.all([
    lines ?? orderLinesOf(db, [order.id]),
    createCustomerAccounts(db).byId(order.companyId, order.customerId),
    orderVmLabels(db, order.companyId, [order.id]),
    invoicePartiesOf(db, order.companyId, order.customerId, order.regionId),
  ]);
  return { order, lines: orderLines, account, vmName: labelOf(order).vmName, parties };
}

export type PaidFacts = Awaited<ReturnType<typeof paidFactsOf>>;

/**
 * The facts of the attempt's order, read before the paying transaction opens (ADR 0130): under
 * load every statement in it holds its connection and, after the numbering, the invoice series
 * lock for a turn of the event loop. `known`: the order and lines the caller read already (the
 * result page did, to check the order is the customer's). Undefined when the attempt or order is
 * not there (the transaction then says so).
 */
export async function paidFactsBefore(db: Db, attemptId: number, known?: StoredOrder): Promise<PaidFacts | undefined> {
  if (known) return paidFactsOf(db, known.order, known.lines);
  const attempt = await attemptById(db, attemptId);
  const order = attempt && (await orderById(db, attempt.orderId));
  return order && paidFactsOf(db, order);
}
