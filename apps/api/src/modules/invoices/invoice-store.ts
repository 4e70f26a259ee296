import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyAddresses, customers, invoices, orderLines, orders, vms } from '../../db/schema.ts';

export type InvoiceRecord = {
  invoice: typeof invoices.$inferSelect;
  order: typeof orders.$inferSelect;
  lines: (typeof orderLines.$inferSelect)[];
  company: typeof companies.$inferSelect;
  /** The company's first office when its own address is blank. */
  office: { address: string; city: string; country: string } | null;
  customer: typeof customers.$inferSelect;
  /** The VM the order bought, when there is one yet. */
  vmName: string | null;
};

/**
 * The invoice behind `token` when it belongs to this customer of this company; undefined for
 * anyone else's (the caller answers 404 without saying whether it exists).
 */
export async function findInvoiceOf(db: Db, companyId: number, customerId: number, token: string): Promise<InvoiceRecord | undefined> {
  const [row] = await db
    .select({ invoice: invoices, order: orders, company: companies, customer: customers, vmName: vms.name })
    .from(invoices)
    .innerJoin(orders, and(eq(orders.id, invoices.orderId), eq(orders.companyId, invoices.companyId), eq(orders.customerId, invoices.customerId)))
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .innerJoin(customers, and(eq(customers.id, invoices.customerId), eq(customers.companyId, invoices.companyId)))
    .leftJoin(vms, and(eq(vms.orderId, orders.id), eq(vms.companyId, orders.companyId)))
    .where(and(eq(invoices.token, token), eq(invoices.companyId, companyId), eq(invoices.customerId, customerId)))
    .limit(1);
  if (!row) return undefined;
  const [lines, offices] = await Promise.all([
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, row.order.id), eq(orderLines.companyId, companyId)))
      .orderBy(asc(orderLines.sortOrder), asc(orderLines.id)),
    row.company.officeAddress.trim() === ''
      ? db
          .select({ address: companyAddresses.address, city: companyAddresses.city, country: companyAddresses.country })
          .from(companyAddresses)
          .where(eq(companyAddresses.companyId, companyId))
          .orderBy(asc(companyAddresses.sortOrder), asc(companyAddresses.id))
          .limit(1)
      : Promise.resolve([]),
  ]);
  return { ...row, lines, office: offices[0] ?? null };
}
