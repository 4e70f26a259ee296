import { asc, eq, inArray } from 'drizzle-orm';
import { GATEWAY_CREDENTIAL_FIELDS, paymentsAdminMessages as texts, type OrderDetail } from '@mawingu/contracts/admin/payments';
import { rateText } from '@mawingu/contracts/pricing/rate-text';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { companyGatewayCredentials, gatewayEvents, invoices, paymentAttempts } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecretBox } from '../../../integrations/secrets/secret-box.ts';
import { chargedOf } from '../invoices/charged.ts';
import { serialNumberOf } from '../invoices/present-invoice.ts';
import type { InvoiceService } from '../invoices/service.ts';
import { customerProfileOf } from '../../identity/index.ts';
import { orderById, orderLinesOf, orderVmLabels } from '../../orders/index.ts';
import type { ManualAction, ManualSettlement } from '../payments/manual-settlement.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import { openStoredCredentials } from './settings-service.ts';

export type OrdersAdminDeps = {
  db: Db;
  secretBox: SecretBox;
  config: Pick<Config, 'payfast' | 'ozow' | 'pesapal' | 'paypal'>;
  manual: ManualSettlement;
  invoices: InvoiceService;
};

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
 * One of the company's orders in the console (issue 7, point 4): its lines, payment attempts, the
 * gateways' raw messages and its invoice; manual reconciliation through the payments module's own
 * paying transaction, audited with the operator's reason. The order and its customer are read
 * through their owners; the list of orders and its CSV are the overview's (overview/orders).
 */
export function createOrdersAdmin({ db, secretBox, config, manual, invoices: invoiceService }: OrdersAdminDeps) {
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

  /** The company's order and its customer (the orders' and identity's reads); 404 for anyone else's. */
  async function orderOf(companyId: number, orderId: number) {
    const order = await orderById(db, orderId, { companyId });
    const customer = order && (await customerProfileOf(db, companyId, order.customerId));
    if (!order || !customer) throw AppError.notFound(texts.orderNotFound);
    return { order, customer };
  }

  async function detail(companyId: number, orderId: number): Promise<OrderDetail> {
    const { order, customer } = await orderOf(companyId, orderId);
    const [lines, attempts, [invoice], secrets, labelOf] = await Promise.all([
      orderLinesOf(db, [order.id]),
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

  return { detail, invoicePdf, reconcile };
}
