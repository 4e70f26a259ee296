import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  GATEWAY_CREDENTIAL_FIELDS,
  paymentsAdminMessages as texts,
  type OrderDetail,
  type OrderList,
  type OrdersExportFilter,
  type OrdersFilter,
} from '@mawingu/contracts/admin/payments';
import { rateText } from '@mawingu/contracts/pricing/currency';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { companyGatewayCredentials, customers, gatewayEvents, invoices, orderLines, orders, paymentAttempts } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { csvDocument } from '../../../http/csv.ts';
import { exportFilename } from '../../../console/export-filename.ts';
import { paidInSandbox } from '../payments/paid-in-sandbox.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { chargedOf } from '../invoices/charged.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';
import type { InvoiceService } from '../invoices/service.ts';
import { orderVmLabels } from '../../orders/index.ts';
import type { ManualAction, ManualSettlement } from '../payments/manual-settlement.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { openStoredCredentials } from './settings-service.ts';
import { escapeLike } from '../../../db/like-pattern.ts';

export type OrdersAdminDeps = {
  db: Db;
  secretBox: SecretBox;
  config: Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal'>;
  manual: ManualSettlement;
  invoices: InvoiceService;
};

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

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** Outcomes of a message that was verified with the gateway (or the bypass) and acted on. */
const VERIFIED_OUTCOMES = new Set(['paid', 'failed', 'cancelled', 'pending', 'duplicate']);

/** Replaces every occurrence of one of our secrets inside the payload's strings (keys and other values stay as received). */
export function redactSecrets(payload: unknown, secrets: string[]): unknown {
  const list = secrets.filter((s) => s.length >= 6).sort((a, b) => b.length - a.length);
  if (!list.length) return payload;
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return list.reduce((text, secret) => text.split(secret).join('[redacted]'), value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk(payload);
}

/**
 * The company's orders in the console (issue 7, point 4): a filtered, paged list; one order with its
 * lines, payment attempts, the gateways' raw messages and its invoice; manual reconciliation through
 * the payments module's own paying transaction, audited with the operator's reason.
 */
export function createOrdersAdmin({ db, secretBox, config, manual, invoices: invoiceService }: OrdersAdminDeps) {
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

  /** Every secret of ours that could have reached a payload: the company's own and the server's. */
  async function secretsOf(companyId: number): Promise<string[]> {
    const secrets: string[] = [];
    const rows = await db.select().from(companyGatewayCredentials).where(eq(companyGatewayCredentials.companyId, companyId));
    for (const row of rows) {
      const opened = openStoredCredentials(secretBox, row);
      const fields = GATEWAY_CREDENTIAL_FIELDS[row.gateway as GatewayKey] ?? [];
      for (const f of fields) if (f.secret && opened?.[f.name]) secrets.push(opened[f.name]!);
      secrets.push(row.credentialsSealed);
    }
    const { payfast, ozow, pesapal, paypal } = config;
    for (const s of [payfast?.merchantKey, payfast?.passphrase, ozow?.privateKey, ozow?.apiKey, pesapal?.secret, paypal?.secret])
      if (s) secrets.push(s);
    return secrets;
  }

  async function orderOf(companyId: number, orderId: number) {
    const [row] = await db
      .select({ order: orders, customer: customers })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.id, orderId), eq(orders.companyId, companyId)));
    if (!row) throw AppError.notFound(texts.orderNotFound);
    return row;
  }

  async function detail(companyId: number, orderId: number): Promise<OrderDetail> {
    const { order, customer } = await orderOf(companyId, orderId);
    const [lines, attempts, [invoice], secrets, labelOf] = await Promise.all([
      db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.sortOrder)),
      db
        .select()
        .from(paymentAttempts)
        .where(eq(paymentAttempts.orderId, order.id))
        .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
      db.select().from(invoices).where(eq(invoices.orderId, order.id)),
      secretsOf(companyId),
      orderVmLabels(db, companyId, [order.id]),
    ]);
    const paid = attempts.find(
      (a) => a.status === 'paid' && (invoice === undefined || invoice.attemptId === null || a.id === invoice.attemptId),
    );
    const events = attempts.length
      ? await db
          .select()
          .from(gatewayEvents)
          .where(
            inArray(
              gatewayEvents.attemptId,
              attempts.map((a) => a.id),
            ),
          )
          .orderBy(asc(gatewayEvents.receivedAt), asc(gatewayEvents.id))
      : [];
    return {
      id: order.id,
      reference: order.reference,
      kind: order.kind,
      status: order.status,
      productName: order.productName,
      regionName: order.regionName,
      days: order.days,
      currency: order.currency,
      taxPercent: order.taxPercent,
      price: order.price,
      discount: order.discount,
      tax: order.tax,
      arrears: order.arrears,
      total: order.total,
      gateway: order.bypass ? 'bypass' : order.gateway,
      bypass: order.bypass,
      vmName: labelOf(order).vmName,
      charged: chargedOf(order.currency, paid),
      createdAt: order.createdAt.toISOString(),
      paidAt: iso(order.paidAt),
      customer: {
        id: customer.id,
        name: `${customer.firstName} ${customer.lastName}`.trim(),
        email: customer.email,
        companyName: customer.companyName,
      },
      lines: lines.map((l) => ({
        name: l.name,
        unit: l.unit,
        count: l.count,
        costPerUnit: l.costPerUnit,
        discountPercent: l.discountPercent,
        amount: l.amount,
      })),
      attempts: attempts.map((a) => ({
        id: a.id,
        gateway: a.gateway,
        reference: a.reference,
        gatewayReference: a.gatewayReference,
        amount: a.amount,
        currency: a.currency,
        exchangeRate: a.exchangeRate === null ? null : rateText(a.exchangeRate),
        status: a.status,
        gatewayStatus: a.gatewayStatus,
        test: a.test,
        createdAt: a.createdAt.toISOString(),
        updatedAt: a.updatedAt.toISOString(),
      })),
      events: events.map((e) => ({
        id: e.id,
        attemptId: e.attemptId,
        gateway: e.gateway,
        channel: e.channel,
        outcome: e.outcome,
        verified: e.channel !== 'manual' && VERIFIED_OUTCOMES.has(e.outcome),
        reason: e.reason === null ? null : (redactSecrets(e.reason, secrets) as string),
        payload: redactSecrets(e.payload, secrets),
        receivedAt: e.receivedAt.toISOString(),
      })),
      invoice: invoice
        ? {
            number: invoice.number,
            serialNumber: serialNumberOf(invoice),
            proforma: invoice.proforma,
            paymentMode: invoice.paymentMode,
            issuedAt: invoice.issuedAt.toISOString(),
          }
        : null,
    };
  }

  async function invoicePdf(companyId: number, orderId: number) {
    const { order } = await orderOf(companyId, orderId);
    const [invoice] = await db.select({ token: invoices.token }).from(invoices).where(eq(invoices.orderId, order.id));
    if (!invoice) throw AppError.notFound(texts.invoiceNotFound);
    return invoiceService.pdf(companyId, order.customerId, invoice.token);
  }

  async function reconcile(
    operator: Operator,
    companyId: number,
    orderId: number,
    input: { action: ManualAction; attemptId?: number; gatewayReference?: string; reason: string },
  ): Promise<OrderDetail> {
    await manual.reconcile({
      companyId,
      orderId,
      action: input.action,
      attemptId: input.attemptId,
      gatewayReference: input.gatewayReference || undefined,
      operator,
      reason: input.reason,
      record: (tx, change) =>
        recordAudit(tx, {
          actor: operator,
          companyId,
          action: 'order.reconcile',
          targetType: 'order',
          targetId: orderId,
          before: change.before,
          after: { ...change.after, action: input.action, attemptId: change.attemptId },
          reason: input.reason,
        }),
    });
    return detail(companyId, orderId);
  }

  return { list, exportCsv, detail, invoicePdf, reconcile };
}
