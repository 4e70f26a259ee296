import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema.ts';
import { invoicePartiesOf } from './invoice-parties.ts';

export type IssueInvoice = {
  companyId: number;
  customerId: number;
  orderId: number;
  attemptId: number | null;
  /** Spec name of the gateway ("PayFast Payment", …) or "Bypass". */
  paymentMode: string;
  /** The gateway's transaction id (pf_payment_id, Ozow TransactionId, …); for a bypass our reference. */
  transactionId: string;
  /** A test transaction: "Proforma Invoice", no Paid watermark. */
  proforma: boolean;
};

/**
 * Issues the invoice of an order that just became paid, inside the transaction that marks it paid
 * (`tx`), so an order is never paid without its invoice. Numbers run per company; the advisory
 * lock keeps two payments of one company from taking the same number. Issuing twice returns the
 * first invoice: an invoice never changes after issue (seller and buyer are copied onto it).
 */
export async function issueInvoice(tx: Db, input: IssueInvoice): Promise<{ id: number; number: number; token: string }> {
  const [existing] = await tx
    .select({ id: invoices.id, number: invoices.number, token: invoices.token })
    .from(invoices)
    .where(eq(invoices.orderId, input.orderId));
  if (existing) return existing;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-number'), ${input.companyId}::int)`);
  // Looked up again under the lock: a concurrent payment of the same order may have issued it meanwhile.
  const [issued] = await tx
    .select({ id: invoices.id, number: invoices.number, token: invoices.token })
    .from(invoices)
    .where(eq(invoices.orderId, input.orderId));
  if (issued) return issued;
  const [last] = await tx
    .select({ next: sql<number>`coalesce(max(${invoices.number}), 0) + 1`.mapWith(Number) })
    .from(invoices)
    .where(eq(invoices.companyId, input.companyId));
  const next = last?.next ?? 1;
  const [row] = await tx
    .insert(invoices)
    .values({
      ...input,
      ...(await invoicePartiesOf(tx, input.companyId, input.customerId)),
      number: next,
      token: randomBytes(24).toString('base64url'),
    })
    .returning({ id: invoices.id, number: invoices.number, token: invoices.token });
  if (!row) throw new Error(`invoice of order ${input.orderId} was not stored`);
  return row;
}
