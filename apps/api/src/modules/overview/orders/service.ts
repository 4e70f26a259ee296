import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  paymentsAdminMessages as texts,
  type OrderList,
  type OrdersExportFilter,
  type OrdersFilter,
} from '@mawingu/contracts/admin/payments';
import type { Db } from '../../../db/client.ts';
import { customers, orders, paymentAttempts } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { csvDocument } from '../../../http/csv.ts';
import { recordAudit } from '../../../console/audit.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { escapeLike } from '../../../db/like-pattern.ts';
import { paidInSandbox } from '../../billing/index.ts';
import { iso } from '../vm-rows.ts';

/** Days are South African days (UTC+2 all year, as invoices are dated). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+02:00`);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The console's order filters as one condition, for the list and its CSV export alike (so the export
 * holds exactly the orders the operator filtered). Expects `customers` joined on the order's customer.
 */
export function ordersCondition(companyId: number, query: OrdersExportFilter): SQL {
  const where: SQL[] = [eq(orders.companyId, companyId)];
  if (query.status) where.push(eq(orders.status, query.status));
  if (query.kind) where.push(eq(orders.kind, query.kind));
  if (query.gateway) {
    const throughAttempt = (gateway: string) =>
      sql`exists (select 1 from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id} and ${paymentAttempts.gateway} = ${gateway})`;
    if (query.gateway === 'bypass') where.push(eq(orders.bypass, true));
    else if (query.gateway === 'manual') where.push(throughAttempt('manual'));
    else where.push(or(eq(orders.gateway, query.gateway), throughAttempt(query.gateway))!);
  }
  const q = query.q?.trim();
  if (q) {
    const like = `%${escapeLike(q)}%`;
    const matches: SQL[] = [ilike(customers.email, like), ilike(sql`${customers.firstName} || ' ' || ${customers.lastName}`, like)];
    if (/^\d{1,9}$/.test(q)) matches.push(eq(orders.id, Number(q)));
    // A reference (or attempt reference) by its start: 8 characters at least, so an order id never matches one by chance.
    if (q.length >= 8) matches.push(ilike(orders.reference, `${escapeLike(q.toLowerCase().split('-')[0]!)}%`));
    where.push(or(...matches)!);
  }
  if (query.from) where.push(gte(orders.createdAt, dayStart(query.from)));
  if (query.to) where.push(lt(orders.createdAt, new Date(dayStart(query.to).getTime() + DAY_MS)));
  return and(...where)!;
}

/** More than a spreadsheet handles well in one go: the operator narrows the filters instead. */
export const ORDERS_EXPORT_LIMIT = 50_000;

const KINDS: Record<number, string> = { 1: 'purchase', 2: 'clone or snapshot', 3: 'renewal', 4: 'update', 5: 'multiple renewal' };

const HEADER = [
  'order_id',
  'reference',
  'created_at',
  'paid_at',
  'kind',
  'status',
  'product',
  'vm_name',
  'region',
  'customer',
  'email',
  'currency',
  'price',
  'discount',
  'tax_percent',
  'tax',
  'arrears',
  'total',
  'gateway',
  'sandbox',
];

/**
 * The console's list of the company's orders (issue 7, point 4) and its CSV: a read-only report
 * over orders, their customers and payment attempts, so it lives in the overview (docs/decisions/0129).
 * One order's payments, its invoice and its reconciliation are billing's (billing/console/orders-service.ts).
 */
export function createOrderList(db: Db) {
  async function list(companyId: number, query: OrdersFilter): Promise<OrderList> {
    const condition = ordersCondition(companyId, query);

    const attemptsCount = sql<number>`(select count(*)::int from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orders.id})`;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          order: orders,
          customer: { id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email },
          attempts: attemptsCount,
        })
        .from(orders)
        .innerJoin(customers, eq(customers.id, orders.customerId))
        .where(condition)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      db.select({ n: count() }).from(orders).innerJoin(customers, eq(customers.id, orders.customerId)).where(condition),
    ]);
    return {
      items: rows.map(({ order, customer, attempts }) => ({
        id: order.id,
        reference: order.reference,
        kind: order.kind,
        status: order.status,
        productName: order.productName,
        customer: { id: customer.id, name: `${customer.firstName} ${customer.lastName}`.trim(), email: customer.email },
        total: order.total,
        currency: order.currency,
        gateway: order.bypass ? 'bypass' : order.gateway,
        attempts: Number(attempts),
        createdAt: order.createdAt.toISOString(),
        paidAt: iso(order.paidAt),
      })),
      total: total?.n ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * The orders the operator filtered in the console, as CSV (amounts as the order froze them, decimal
   * strings; times in UTC ISO 8601), audited with the filters. Sandbox payments are marked, so the
   * file adds up to the dashboard's revenue when they are left out.
   */
  async function exportCsv(actor: Operator, companyId: number, filter: OrdersExportFilter) {
    const rows = await db
      .select({
        order: orders,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        sandbox: paidInSandbox(orders.id),
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(ordersCondition(companyId, filter))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_EXPORT_LIMIT + 1);
    if (rows.length > ORDERS_EXPORT_LIMIT) throw AppError.badRequest(texts.exportTooLarge, { from: texts.exportTooLarge });
    const body = csvDocument(
      HEADER,
      rows.map(({ order, firstName, lastName, email, sandbox }) => [
        order.id,
        order.reference,
        order.createdAt.toISOString(),
        order.paidAt?.toISOString() ?? '',
        KINDS[order.kind] ?? String(order.kind),
        order.status,
        order.productName,
        order.vmName ?? '',
        order.regionName,
        `${firstName} ${lastName}`.trim(),
        email,
        order.currency,
        order.price,
        order.discount,
        order.taxPercent,
        order.tax,
        order.arrears,
        order.total,
        order.bypass ? 'bypass' : (order.gateway ?? ''),
        order.paidAt ? (sandbox ? 'yes' : 'no') : '',
      ]),
    );
    await recordAudit(db, {
      actor,
      companyId,
      action: 'orders.export',
      targetType: 'orders',
      targetId: companyId,
      after: { rows: rows.length, ...filter },
    });
    return { filename: await exportFilename(db, companyId, 'orders'), body, rows: rows.length };
  }

  return { list, exportCsv };
}
