import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { invoices } from '../../../db/schema.ts';
import { invoicePartiesOf, type InvoiceParties } from './invoice-parties.ts';

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
  /** The order's region: its legal entity sells and numbers the invoice (none: the company itself). */
  regionId?: number | null;
  /** Seller and buyer when the caller read them before its transaction (settle-attempt.ts); else read here. */
  parties?: InvoiceParties;
};

/**
 * Issues the invoice of an order that just became paid, inside the transaction that marks it paid
 * (`tx`), so an order is never paid without its invoice. The seller is the legal entity of the
 * order's region, and numbers run per entity (per company without one): gap-free, because the
 * number is taken in the paying transaction (a rollback gives it back), and never twice, because
 * an advisory lock per series, held until commit, makes concurrent payments take turns (the
 * partial unique indexes are the last guard). Issuing twice returns the first invoice: an invoice
 * never changes after issue (seller and buyer are copied onto it).
 */
export async function issueInvoice(tx: Db, input: IssueInvoice): Promise<{ id: number; number: number; token: string }> {
  const { regionId, parties: given, ...fields } = input;
  const parties = given ?? (await invoicePartiesOf(tx, input.companyId, input.customerId, regionId));
  const { legalEntityId } = parties;
  if (legalEntityId === null) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-number'), ${input.companyId}::int)`);
  else await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoice-number-entity'), ${legalEntityId}::int)`);
  const series =
    legalEntityId === null
      ? and(eq(invoices.companyId, input.companyId), isNull(invoices.legalEntityId))
      : eq(invoices.legalEntityId, legalEntityId);
  // Numbered in the statement after the lock, so it sees every invoice of the series committed
  // before (one round trip: under load each waits a turn of the event loop, lock held).
  const [row] = await tx
    .insert(invoices)
    .values({
      ...fields,
      seller: parties.seller,
      buyer: parties.buyer,
      legalEntityId,
      number: sql`(select coalesce(max(${invoices.number}), 0) + 1 from ${invoices} where ${series})`,
      token: randomBytes(24).toString('base64url'),
    })
    // Issued already (a second payment of the order, or issued meanwhile): that first invoice.
    .onConflictDoNothing({ target: invoices.orderId })
    .returning({ id: invoices.id, number: invoices.number, token: invoices.token });
  if (row) return row;
  const [issued] = await tx
    .select({ id: invoices.id, number: invoices.number, token: invoices.token })
    .from(invoices)
    .where(eq(invoices.orderId, input.orderId));
  if (!issued) throw new Error(`invoice of order ${input.orderId} was not stored`);
  return issued;
}
