import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { companies, invoices, orderLines, orders, vms } from '../../../db/schema.ts';

export type InvoiceRecord = {
  invoice: typeof invoices.$inferSelect;
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  /** The company's current look (logo file and brand colour) for the PDF; its details come from the invoice. */
  company: { brandColor: string };
  /** The VM the order bought, when there is one yet. */
  vmName: string | null;
};

/**
 * The invoice behind `token` when it belongs to this customer of this company; undefined for
 * anyone else's (the caller answers 404 without saying whether it exists).
 */
export async function findInvoiceOf(db: Db, companyId: number, customerId: number, token: string): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select({ invoice: invoices, order: orders, company: { brandColor: companies.brandColor }, vmName: vms.name })
    .from(invoices)
    .innerJoin(
      orders,
      and(eq(orders.id, invoices.orderId), eq(orders.companyId, invoices.companyId), eq(orders.customerId, invoices.customerId)),
    )
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .leftJoin(vms, and(eq(vms.orderId, orders.id), eq(vms.companyId, orders.companyId)))
    .where(and(eq(invoices.token, token), eq(invoices.companyId, companyId), eq(invoices.customerId, customerId)))
    .limit(1);
  if (!row) return undefined;
  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, row.order.id), eq(orderLines.companyId, companyId)))
    .orderBy(asc(orderLines.sortOrder), asc(orderLines.id));
  return { ...row, lines };
}
