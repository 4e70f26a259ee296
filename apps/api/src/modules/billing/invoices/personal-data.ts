import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { creditNotes, invoices } from '../../../db/schema.ts';

/**
 * The customer's invoices and credit notes as a list (number, date, how paid, the buyer as
 * printed). The documents themselves are kept unchanged when the customer's data is erased: they
 * are tax records (ADR 0119).
 */
export async function billingPersonalData(db: Db, companyId: number, customerId: number) {
  const [issued, credited] = await Promise.all([
    db
      .select()
      .from(invoices)
      .where(and(eq(invoices.companyId, companyId), eq(invoices.customerId, customerId)))
      .orderBy(asc(invoices.issuedAt)),
    db
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.companyId, companyId), eq(creditNotes.customerId, customerId)))
      .orderBy(asc(creditNotes.issuedAt)),
  ]);
  return {
    invoices: issued.map((i) => ({
      number: i.number,
      orderId: i.orderId,
      issuedAt: i.issuedAt.toISOString(),
      proforma: i.proforma,
      paymentMode: i.paymentMode,
      transactionId: i.transactionId,
      buyerName: `${i.buyer.firstName} ${i.buyer.lastName}`.trim(),
      buyerEmail: i.buyer.emailId,
      buyerCompany: i.buyer.companyName,
      buyerAddress: i.buyer.address,
      buyerVatNumber: i.buyer.vatNumber,
    })),
    creditNotes: credited.map((c) => ({
      number: c.number,
      issuedAt: c.issuedAt.toISOString(),
      currency: c.currency,
      total: c.total,
      reason: c.reason,
    })),
  };
}
