import { and, eq, sql } from 'drizzle-orm';
import type { ChargedPayment } from '@mawingu/contracts/invoices';
import type { Db } from '../../../db/client.ts';
import { invoices, paymentAttempts } from '../../../db/schema.ts';
import { orderById, orderLinesOf, orderVmLabels, type StoredOrderRow } from '../../orders/index.ts';
import { brandColorOf } from '../../tenant/index.ts';
import type { OrderVmLabel } from '../../machines/index.ts';
import { chargedOf } from './charged.ts';

export type InvoiceRecord = {
  invoice: typeof invoices.$inferSelect;
  order: StoredOrderRow;
  lines: Awaited<ReturnType<typeof orderLinesOf>>;
  /** The company's current look (logo file and brand colour) for the PDF; its details come from the invoice. */
  company: { brandColor: string };
  /** The VMs the order bought or acts on (orderVmLabels). */
  vm: OrderVmLabel;
  /** What the paying attempt charged, when it was another currency than the order's. */
  charged: ChargedPayment | null;
};

/**
 * The invoice behind `token` when it belongs to this customer of this company; undefined for
 * anyone else's (the caller answers 404 without saying whether it exists).
 */
export async function findInvoiceOf(db: Db, companyId: number, customerId: number, token: string): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select({
      invoice: invoices,
      attempt: { amount: paymentAttempts.amount, currency: paymentAttempts.currency, exchangeRate: paymentAttempts.exchangeRate },
    })
    .from(invoices)
    .leftJoin(paymentAttempts, and(eq(paymentAttempts.id, invoices.attemptId), eq(paymentAttempts.companyId, invoices.companyId)))
    .where(and(eq(invoices.token, token), eq(invoices.companyId, companyId), eq(invoices.customerId, customerId)))
    .limit(1);
  if (!row) return undefined;
  // The order (orders') must be this customer's too; the PDF's accent is the company's brand colour (tenant's).
  const order = await orderById(db, row.invoice.orderId, { companyId });
  const brandColor = order?.customerId === customerId ? await brandColorOf(db, companyId) : undefined;
  if (!order || brandColor === undefined) return undefined;
  const [lines, labelOf] = await Promise.all([orderLinesOf(db, [order.id]), orderVmLabels(db, companyId, [order.id])]);
  const { invoice, attempt } = row;
  return { invoice, order, company: { brandColor }, lines, vm: labelOf(order), charged: chargedOf(order.currency, attempt) };
}

/**
 * The customer's download is the original when it is the first (it records when the invoice was
 * delivered) or comes within the same viewing of it: a viewer that fetches again, or a download
 * retried after a dropped connection, within ten minutes of the first (ADR 0111).
 */
export async function isOriginalDelivery(db: Db, invoiceId: number): Promise<boolean> {
  const [row] = await db
    .update(invoices)
    .set({ deliveredAt: sql`coalesce(${invoices.deliveredAt}, now())` })
    .where(eq(invoices.id, invoiceId))
    // RETURNING reads the row as updated: the first delivery's time.
    .returning({ original: sql<boolean>`${invoices.deliveredAt} > now() - interval '10 minutes'` });
  return row?.original === true;
}

/**
 * An order's invoice with the order's frozen figures a credit note is measured against, and the
 * attempt that paid it; `lock` takes the invoice's row lock (held until the caller's transaction
 * ends), so two credit notes of one invoice are issued one after the other.
 */
export async function creditableInvoiceOf(db: Db, companyId: number, orderId: number, lock = false) {
  const query = db
    .select({ invoice: invoices })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.companyId, companyId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  const stored = await orderById(db, orderId, { companyId });
  const order = stored && {
    id: stored.id,
    kind: stored.kind,
    total: stored.total,
    tax: stored.tax,
    taxPercent: stored.taxPercent,
    currency: stored.currency,
    productName: stored.productName,
    vmName: stored.vmName,
  };
  const [attempt] =
    row.invoice.attemptId === null ? [] : await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, row.invoice.attemptId));
  return order ? { invoice: row.invoice, order, attempt: attempt ?? null } : undefined;
}

export type CreditableInvoice = NonNullable<Awaited<ReturnType<typeof creditableInvoiceOf>>>;
