import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { isOrderStatusIn, PAID_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { GATEWAY_NAMES, gatewayKeyOf } from '@mawingu/contracts/purchase';
import type { PurchaseHistoryRow } from '@mawingu/contracts/invoices';
import type { Db } from '../../../db/client.ts';
import { creditNotes, invoices, paymentAttempts, refunds } from '../../../db/schema.ts';
import { customerOrdersOf, orderLinesOf, orderVmLabels } from '../../orders/index.ts';
import { chargedOf } from './charged.ts';
import { purchaseType } from './invoice-format.ts';

/** The spec's payment mode for a gateway key ('payfast' → 'PayFast Payment'), 'Bypass' for the bypass. */
export function paymentModeOf(gateway: string | null | undefined): string | null {
  if (!gateway) return null;
  if (gateway === 'bypass') return 'Bypass';
  const key = gatewayKeyOf(gateway);
  return key ? GATEWAY_NAMES[key] : gateway;
}

type Attempt = {
  orderId: number;
  gateway: string;
  gatewayReference: string | null;
  status: string;
  amount: string;
  currency: string;
  exchangeRate: string | null;
};

/** The status word of a row: paid → Complete; otherwise the order's own end, or its last attempt's. */
function statusOf(orderStatus: string, paid: boolean, last: Attempt | undefined): string {
  if (paid) return 'Complete';
  if (orderStatus === 'cancelled') return 'Cancelled';
  if (orderStatus === 'failed') return 'Failed';
  if (last?.status === 'cancelled') return 'Cancelled';
  if (last?.status === 'failed') return 'Failed';
  return 'Created';
}

/**
 * The customer's purchases in this company, newest first, as the Purchase History tab lists them.
 * The invoice token is there only when the order was paid and its invoice issued.
 */
export async function purchaseHistory(db: Db, companyId: number, customerId: number): Promise<PurchaseHistoryRow[]> {
  const customerOrders = await customerOrdersOf(db, companyId, customerId);
  if (customerOrders.length === 0) return [];
  const ids = customerOrders.map((order) => order.id);
  // Each order's invoice (one at most: invoices_order_uq), beside the order as orders keeps it.
  const invoiceRows = await db
    .select({
      orderId: invoices.orderId,
      invoiceToken: invoices.token,
      invoiceMode: invoices.paymentMode,
      invoiceTransaction: invoices.transactionId,
      invoiceId: invoices.id,
      seriesPrefix: sql<string>`coalesce(${invoices.seller}->>'seriesPrefix', '')`,
    })
    .from(invoices)
    .where(and(eq(invoices.companyId, companyId), inArray(invoices.orderId, ids)));
  const invoiceOf = new Map(invoiceRows.map(({ orderId, ...invoice }) => [orderId, invoice]));
  const noInvoice = { invoiceToken: null, invoiceMode: null, invoiceTransaction: null, invoiceId: null, seriesPrefix: '' };
  const rows = customerOrders.map((order) => ({ order, ...(invoiceOf.get(order.id) ?? noInvoice) }));
  const invoiceIds = rows.flatMap((r) => (r.invoiceId === null ? [] : [r.invoiceId]));
  const [attempts, cloneLines, labelOf, credits] = await Promise.all([
    db
      .select({
        orderId: paymentAttempts.orderId,
        gateway: paymentAttempts.gateway,
        gatewayReference: paymentAttempts.gatewayReference,
        status: paymentAttempts.status,
        amount: paymentAttempts.amount,
        currency: paymentAttempts.currency,
        exchangeRate: paymentAttempts.exchangeRate,
      })
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.companyId, companyId), inArray(paymentAttempts.orderId, ids)))
      .orderBy(asc(paymentAttempts.id)),
    // Kind 2 is a clone or a snapshot; the order says which only by its lines (a snapshot bills its disk alone).
    rows.some((r) => r.order.kind === 2)
      ? orderLinesOf(
          db,
          rows.filter((r) => r.order.kind === 2).map((r) => r.order.id),
        )
      : Promise.resolve([]),
    orderVmLabels(db, companyId, ids),
    invoiceIds.length
      ? db
          .select({
            invoiceId: creditNotes.invoiceId,
            number: creditNotes.number,
            token: creditNotes.token,
            total: creditNotes.total,
            issuedAt: creditNotes.issuedAt,
            refunded: refunds.amount,
          })
          .from(creditNotes)
          .leftJoin(refunds, and(eq(refunds.creditNoteId, creditNotes.id), ne(refunds.status, 'failed')))
          .where(
            and(eq(creditNotes.companyId, companyId), eq(creditNotes.customerId, customerId), inArray(creditNotes.invoiceId, invoiceIds)),
          )
          .orderBy(asc(creditNotes.number))
      : Promise.resolve([]),
  ]);
  const lastAttempt = new Map<number, Attempt>();
  const paidAttempt = new Map<number, Attempt>();
  for (const a of attempts) {
    lastAttempt.set(a.orderId, a);
    if (a.status === 'paid') paidAttempt.set(a.orderId, a);
  }
  const lineNames = new Map<number, string[]>();
  for (const l of cloneLines) lineNames.set(l.orderId, [...(lineNames.get(l.orderId) ?? []), l.name.toLowerCase()]);

  // An order cancelled without ever going to a gateway expired unused (orders/open-orders.ts): no purchase to list.
  const listed = rows.filter(({ order }) => order.status !== 'cancelled' || lastAttempt.has(order.id));
  return listed.map(({ order, invoiceToken, invoiceMode, invoiceTransaction, invoiceId, seriesPrefix }) => {
    const paid = isOrderStatusIn(order.status, PAID_ORDER_STATUSES) || order.paidAt !== null;
    const attempt = paidAttempt.get(order.id) ?? lastAttempt.get(order.id);
    const names = lineNames.get(order.id) ?? [];
    const isSnapshot = order.kind === 2 && names.length > 0 && names.every((n) => n === 'disk');
    const vm = labelOf(order);
    return {
      ID: order.id,
      vmName: vm.vmName,
      aliasName: vm.aliasName,
      productName: order.productName,
      bankReference: purchaseType(order.kind, isSnapshot),
      transactionID: invoiceTransaction ?? attempt?.gatewayReference ?? null,
      transactionDate: (order.paidAt ?? order.createdAt).toISOString(),
      currencyCode: order.currency,
      totalCost: order.total,
      // Only money that moved: the paying attempt's charge, as recorded when it started.
      charged: paid ? chargedOf(order.currency, paidAttempt.get(order.id)) : null,
      paymentMode: invoiceMode ?? paymentModeOf(attempt?.gateway) ?? (order.bypass ? 'Bypass' : paymentModeOf(order.gateway)),
      transactionStatus: statusOf(order.status, paid, lastAttempt.get(order.id)),
      updateID: order.kind === 4 ? order.id : null,
      isClone: order.kind === 2 ? 1 : 0,
      tempTblID: null,
      invoiceToken: paid ? (invoiceToken ?? null) : null,
      creditNotes: credits
        .filter((c) => c.invoiceId === invoiceId)
        .map((c) => ({
          serialNumber: `${seriesPrefix}CN-${c.number}`,
          token: c.token,
          total: c.total,
          issuedAt: c.issuedAt.toISOString(),
          refunded: c.refunded,
        })),
    };
  });
}
