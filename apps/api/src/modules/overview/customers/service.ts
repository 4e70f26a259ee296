import { and, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CustomerDetail, CustomerList } from '@mawingu/contracts/admin/customers';
import { customerAdminMessages as texts } from '@mawingu/contracts/admin/customers';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { customers, invoices, orders, tickets, vms } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { csvDocument } from '../../../http/csv.ts';
import { recordAudit } from '../../../console/audit.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { InvoiceService } from '../../billing/index.ts';
import { containing } from '../../../db/like-pattern.ts';
import { customerName, iso, toAdminVm, vmColumns } from '../vm-rows.ts';

export type CustomerAdminDeps = { db: Db; invoices: InvoiceService };

type Paging = { page: number; pageSize: number };

/** More than a spreadsheet handles well in one go: the operator narrows the search instead. */
export const CUSTOMERS_EXPORT_LIMIT = 50_000;

/** Newest first, at most this many of each list on a customer's page (`totals` has the counts). */
const DETAIL_LIMIT = 100;

/** A regular expression for PostgreSQL's regexp_replace, bound as a value (no escaping in the SQL text). */
const NON_DIGIT = '\\D';

/** The console's customer search (name, e-mail, company, phone however written) as one condition, for the list and its export. */
function searchCondition(companyId: number, q: string | undefined): SQL {
  const conditions: SQL[] = [eq(customers.companyId, companyId)];
  if (q) {
    const pattern = containing(q);
    const matches: SQL[] = [
      sql`${customerName} ilike ${pattern}`,
      sql`${customers.email} ilike ${pattern}`,
      sql`${customers.companyName} ilike ${pattern}`,
      sql`(${customers.countryCode} || ' ' || ${customers.contactNo}) ilike ${pattern}`,
    ];
    // A phone number however it is written: "+27 82 123 4567", "0821234567" → its digits.
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(q)) {
      matches.push(sql`regexp_replace(${customers.countryCode} || ${customers.contactNo}, ${NON_DIGIT}, '', 'g') like ${`%${digits}%`}`);
      // A national number typed with its trunk 0 ("082…") against one stored without it ("82…").
      const national = digits.replace(/^0+/, '');
      if (national.length >= 3) matches.push(sql`regexp_replace(${customers.contactNo}, ${NON_DIGIT}, '', 'g') like ${`%${national}%`}`);
    }
    conditions.push(or(...matches)!);
  }
  return and(...conditions)!;
}

/**
 * Customers and VMs for the console: every read and change is inside one company (the caller
 * resolved it with companyInScope); a customer or VM of another company is a 404 like a missing one.
 */
export function createCustomerAdminService({ db, invoices: invoiceService }: CustomerAdminDeps) {
  async function searchCustomers(companyId: number, q: string | undefined, { page, pageSize }: Paging): Promise<CustomerList> {
    const where = searchCondition(companyId, q);
    const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(customers).where(where);
    const rows = await db
      .select({
        c: customers,
        // Table-qualified by hand: drizzle leaves a single table's columns unqualified, and "id" would be v.id.
        vmCount: sql<number>`(select count(*)::int from vms v where v.company_id = customers.company_id and v.customer_id = customers.id and v.state <> 'deleted')`,
      })
      .from(customers)
      .where(where)
      .orderBy(desc(customers.createdAt), desc(customers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    return {
      items: rows.map(({ c, vmCount }) => ({
        id: c.id,
        firstName: c.firstName,
        lastName: c.lastName,
        email: c.email,
        companyName: c.companyName,
        phone: `${c.countryCode} ${c.contactNo}`.trim(),
        region: c.region,
        emailVerified: c.emailVerifiedAt !== null,
        vmCount: Number(vmCount),
        createdAt: iso(c.createdAt)!,
      })),
      total: Number(total),
      page,
      pageSize,
    };
  }

  async function customerOf(companyId: number, customerId: number, executor: Db = db) {
    const [row] = await executor
      .select()
      .from(customers)
      .where(and(eq(customers.id, customerId), eq(customers.companyId, companyId)));
    if (!row) throw AppError.notFound(texts.customerNotFound);
    return row;
  }

  /** The profile as the console shows it (never the password hash). */
  const profileOf = (c: typeof customers.$inferSelect) => ({
    id: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    countryCode: c.countryCode,
    contactNo: c.contactNo,
    region: c.region,
    companyName: c.companyName,
    address: c.address,
    city: c.city,
    state: c.state,
    postCode: c.postCode,
    vatNumber: c.vatNumber,
    kraPin: c.kraPin,
    emailVerifiedAt: iso(c.emailVerifiedAt),
    suspendedAt: iso(c.suspendedAt),
    suspendedReason: c.suspendedReason,
    closedAt: iso(c.closedAt),
    closedReason: c.closedReason,
    createdAt: iso(c.createdAt)!,
  });

  async function customerDetail(companyId: number, customerId: number): Promise<CustomerDetail> {
    const c = await customerOf(companyId, customerId);
    const ofCustomer = (table: { companyId: AnyPgColumn; customerId: AnyPgColumn }) =>
      and(eq(table.companyId, companyId), eq(table.customerId, customerId));
    const vmWhere = and(ofCustomer(vms), ne(vms.state, 'deleted'));

    const [vmRows, orderRows, invoiceRows, ticketRows, totals] = await Promise.all([
      db
        .select(vmColumns)
        .from(vms)
        .innerJoin(customers, eq(customers.id, vms.customerId))
        .where(vmWhere)
        .orderBy(desc(vms.createdAt), desc(vms.id))
        .limit(DETAIL_LIMIT),
      db.select().from(orders).where(ofCustomer(orders)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(DETAIL_LIMIT),
      db
        .select({ invoice: invoices, currency: orders.currency, total: orders.total })
        .from(invoices)
        .innerJoin(orders, eq(orders.id, invoices.orderId))
        .where(ofCustomer(invoices))
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .limit(DETAIL_LIMIT),
      db
        .select({
          ticket: tickets,
          responses: sql<number>`(select count(*)::int from ticket_responses r where r.ticket_id = tickets.id)`,
        })
        .from(tickets)
        .where(ofCustomer(tickets))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(DETAIL_LIMIT),
      Promise.all([
        db.select({ n: count() }).from(vms).where(vmWhere),
        db.select({ n: count() }).from(orders).where(ofCustomer(orders)),
        db.select({ n: count() }).from(invoices).where(ofCustomer(invoices)),
        db.select({ n: count() }).from(tickets).where(ofCustomer(tickets)),
      ]),
    ]);
    const [nVms, nOrders, nInvoices, nTickets] = totals.map((r) => Number(r[0]?.n ?? 0));

    return {
      profile: profileOf(c),
      vms: vmRows.map(toAdminVm),
      orders: orderRows.map((o) => ({
        id: o.id,
        kind: o.kind,
        status: o.status,
        reference: o.reference,
        productName: o.productName,
        currency: o.currency,
        total: o.total,
        gateway: o.gateway,
        createdAt: iso(o.createdAt)!,
        paidAt: iso(o.paidAt),
      })),
      invoices: invoiceRows.map(({ invoice, currency, total }) => ({
        id: invoice.id,
        number: invoice.number,
        orderId: invoice.orderId,
        proforma: invoice.proforma,
        paymentMode: invoice.paymentMode,
        currency,
        total,
        issuedAt: iso(invoice.issuedAt)!,
        pdfPath: `/companies/${companyId}/customers/${customerId}/invoices/${invoice.id}/pdf`,
      })),
      tickets: ticketRows.map(({ ticket, responses }) => ({
        id: ticket.id,
        issueType: ticket.issueType,
        status: ticket.status,
        summary: ticket.description.length > 200 ? `${ticket.description.slice(0, 199)}…` : ticket.description,
        responses: Number(responses),
        createdAt: iso(ticket.createdAt)!,
      })),
      totals: { vms: nVms!, orders: nOrders!, invoices: nInvoices!, tickets: nTickets! },
    };
  }

  /** The invoice's PDF as the customer has it; another customer's or company's invoice is a 404. */
  async function invoicePdf(companyId: number, customerId: number, invoiceId: number) {
    const [row] = await db
      .select({ token: invoices.token })
      .from(invoices)
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId), eq(invoices.customerId, customerId)));
    if (!row) throw AppError.notFound(texts.invoiceNotFound);
    return invoiceService.pdf(companyId, customerId, row.token);
  }

  /**
   * The customers the search selects, as CSV (the contact and billing details a hosting company
   * keeps; never a password), oldest first, audited: personal data leaves the console only this way.
   */
  async function exportCsv(actor: Operator, companyId: number, q: string | undefined) {
    const rows = await db
      .select()
      .from(customers)
      .where(searchCondition(companyId, q))
      .orderBy(customers.createdAt, customers.id)
      .limit(CUSTOMERS_EXPORT_LIMIT + 1);
    if (rows.length > CUSTOMERS_EXPORT_LIMIT) throw AppError.badRequest(texts.exportTooLarge, { q: texts.exportTooLarge });
    const body = csvDocument(
      [
        'customer_id',
        'first_name',
        'last_name',
        'email',
        'email_verified',
        'company',
        'vat_number',
        'phone',
        'address',
        'city',
        'state',
        'post_code',
        'region',
        'created_at',
      ],
      rows.map((c) => [
        c.id,
        c.firstName,
        c.lastName,
        c.email,
        c.emailVerifiedAt ? 'yes' : 'no',
        c.companyName,
        c.vatNumber,
        `${c.countryCode} ${c.contactNo}`.trim(),
        c.address,
        c.city,
        c.state,
        c.postCode,
        c.region,
        iso(c.createdAt),
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'customers.export',
      targetType: 'customers',
      targetId: companyId,
      after: { rows: rows.length, q: q ?? null },
    });
    return { filename: await exportFilename(db, companyId, 'customers'), body, rows: rows.length };
  }

  /**
   * Orders that stop a closure (ADR 0114): unpaid and still payable (`created`: a payment may be
   * under way at a gateway) or paid and not yet delivered (`paid`, `fulfilling`, `needs_attention`).
   */
  async function openOrderIdsOf(companyId: number, customerId: number, executor: Db = db): Promise<number[]> {
    const rows = await executor
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.companyId, companyId),
          eq(orders.customerId, customerId),
          inArray(orders.status, ['created', 'paid', 'fulfilling', 'needs_attention']),
        ),
      )
      .orderBy(orders.id);
    return rows.map((r) => r.id);
  }

  /** The customer's VMs that still exist (not deleted): a closure blocks each one. */
  async function liveVmIdsOf(companyId: number, customerId: number, executor: Db = db): Promise<number[]> {
    const rows = await executor
      .select({ id: vms.id })
      .from(vms)
      .where(and(eq(vms.companyId, companyId), eq(vms.customerId, customerId), ne(vms.state, 'deleted')))
      .orderBy(vms.id);
    return rows.map((r) => r.id);
  }

  return { searchCustomers, exportCsv, customerOf, profileOf, customerDetail, invoicePdf, openOrderIdsOf, liveVmIdsOf };
}

export type CustomerAdminService = ReturnType<typeof createCustomerAdminService>;
