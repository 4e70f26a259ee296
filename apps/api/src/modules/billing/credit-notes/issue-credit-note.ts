import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { creditNoteMessages as texts, type IssueCreditNoteRequest } from '@mawingu/contracts/admin/credit-notes';
import { fill } from '@mawingu/contracts/messages';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import { Money } from '@mawingu/contracts/pricing/money';
import type { Db } from '../../../db/client.ts';
import { creditNotes, refunds } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { recordAudit } from '../../../console/audit.ts';
import type { Operator } from '../../../console/operator-guard.ts';
import type { VmOperatorActions } from '../../machines/index.ts';
import { creditableInvoiceOf, type CreditableInvoice } from '../invoices/invoice-store.ts';
import { chargedRefundOf, splitCredit, uncreditedOf } from './amounts.ts';
import { settleRefund } from './refunds.ts';

export type IssueInput = {
  operator: Operator;
  companyId: number;
  orderId: number;
  request: IssueCreditNoteRequest;
  /** The gateway whose refund API can send this payment back (refundGatewayOf, read before the transaction), or null. */
  refundVia: GatewayKey | null;
};
export type Issued = { creditNoteId: number; serialNumber: string; refundId: number | null; refundMethod: GatewayKey | 'manual' | null };

const refused = (field: string, message: string) => AppError.badRequest(message, { [field]: message });

/** "CN-4", or "KE-CN-4" in a Kenyan entity's series: the invoice's prefix, then the credit notes' own. */
export const creditNoteSerial = (seriesPrefix: string | undefined, number: number) => `${seriesPrefix ?? ''}CN-${number}`;

/** A payment its gateway could refund: paid, with the gateway's id of it (whether the adapter has a refund API is refundGatewayOf's). */
export const refundableAttempt = (attempt: CreditableInvoice['attempt']) => attempt?.status === 'paid' && !!attempt.gatewayReference;

/**
 * Issues a credit note in one transaction (ADR 0115): the invoice's row lock makes concurrent
 * credit notes of one invoice take turns, so none can credit more than is left; the series lock
 * (per legal entity, else per company, as invoices) numbers it gap-free; the refund row, the VM's
 * end of service, the audit entry and the customer's mail are written with it or not at all. A
 * gateway refund is only recorded here (pending): it is sent once the transaction has committed.
 */
export async function issueCreditNote(
  tx: Db,
  deps: { endService: VmOperatorActions['endService']; vmOfOrder: VmOperatorActions['vmOfOrder'] },
  input: IssueInput,
  after: (tx: Db, issued: Issued & { token: string; issuedAt: Date }) => Promise<void>,
): Promise<Issued> {
  const { companyId, orderId, request, operator, refundVia } = input;
  const found = await creditableInvoiceOf(tx, companyId, orderId, true);
  if (!found) throw AppError.notFound(texts.invoiceNotFound);
  const { invoice, order, attempt } = found;
  const earlier = await tx
    .select({ id: creditNotes.id, total: creditNotes.total, vat: creditNotes.vat })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoice.id));
  const left = uncreditedOf(order, earlier);
  if (!left.total.greaterThan(0)) throw refused('amount', texts.nothingLeft);
  const amount = request.scope === 'whole' ? left.total : new Money(request.amount!);
  if (amount.greaterThan(left.total))
    throw refused('amount', fill(texts.amountTooHigh, { amount: `${order.currency} ${left.total.toFixed(2)}` }));
  const split = splitCredit(amount, order, left);

  // Refunds: never more than was paid and not refunded, in the order's currency and in the charged one.
  const refundMethod = request.refund === 'none' ? null : request.refund === 'gateway' ? refundVia : 'manual';
  if (request.refund === 'gateway' && (!refundMethod || refundMethod !== attempt?.gateway || !refundableAttempt(attempt)))
    throw refused('refund', texts.refundNoGateway);
  const before = earlier.length
    ? await tx
        .select({ amount: refunds.amount, charged: refunds.chargedAmount, attemptId: refunds.attemptId, method: refunds.method })
        .from(refunds)
        .where(
          and(
            inArray(
              refunds.creditNoteId,
              earlier.map((e) => e.id),
            ),
            ne(refunds.status, 'failed'),
          ),
        )
    : [];
  const refunded = before.reduce((sum, r) => sum.plus(r.amount), new Money(0));
  if (refundMethod && refunded.plus(split.total).greaterThan(order.total)) throw refused('refund', texts.refundTooHigh);
  // Pesapal takes one refund per payment (ADR 0127): a second is refused before anything is written.
  if (refundMethod === 'pesapal' && before.some((r) => r.attemptId === attempt?.id && r.method === 'pesapal'))
    throw refused('refund', texts.refundOncePesapal);
  let charged = { amount: split.total, currency: order.currency };
  if (refundMethod && refundMethod !== 'manual' && attempt) {
    const chargedBefore = before.filter((r) => r.attemptId === attempt.id).reduce((sum, r) => sum.plus(r.charged), new Money(0));
    const leftCharged = new Money(attempt.amount).minus(chargedBefore);
    // Only the refund that brings the refunds up to the whole invoice takes all that is left of the capture.
    const lastRefund = refunded.plus(split.total).equals(order.total);
    const value = chargedRefundOf(new Money(split.total), attempt.exchangeRate, leftCharged, lastRefund);
    if (!value.greaterThan(0)) throw refused('refund', texts.refundTooHigh);
    charged = { amount: value.toFixed(2), currency: attempt.currency };
  }

  // The series: the invoice's legal entity's, else the company's own; gap-free under its lock.
  const entityId = invoice.legalEntityId;
  if (entityId === null) await tx.execute(sql`select pg_advisory_xact_lock(hashtext('credit-note-number'), ${companyId}::int)`);
  else await tx.execute(sql`select pg_advisory_xact_lock(hashtext('credit-note-number-entity'), ${entityId}::int)`);
  const series =
    entityId === null
      ? and(eq(creditNotes.companyId, companyId), isNull(creditNotes.legalEntityId))
      : eq(creditNotes.legalEntityId, entityId);
  const [next] = await tx
    .select({ n: sql<number>`coalesce(max(${creditNotes.number}), 0) + 1`.mapWith(Number) })
    .from(creditNotes)
    .where(series);
  const number = next?.n ?? 1;
  const serialNumber = creditNoteSerial(invoice.seller.seriesPrefix, number);

  let vmId: number | null = null;
  if (request.service === 'end') {
    const vm = order.kind === 1 ? await deps.vmOfOrder(tx, companyId, orderId) : undefined;
    if (!vm) throw refused('service', texts.serviceNoVm);
    vmId = vm.id;
  }
  const [note] = await tx
    .insert(creditNotes)
    .values({
      companyId,
      customerId: invoice.customerId,
      invoiceId: invoice.id,
      legalEntityId: entityId,
      number,
      token: randomBytes(24).toString('base64url'),
      reason: request.reason.trim(),
      currency: order.currency,
      amountExclVat: split.amountExclVat,
      vat: split.vat,
      total: split.total,
      serviceAction: request.service,
      operatorId: operator.operatorId,
    })
    .returning();
  if (!note) throw new Error(`credit note of order ${orderId} was not stored`);
  if (vmId !== null) {
    const ended = await deps.endService(tx, companyId, vmId, `Service ended by credit note ${serialNumber}: ${note.reason}`.slice(0, 500));
    if (!ended.ok) throw refused('service', texts.serviceNotEnded);
  }

  let refundId: number | null = null;
  if (refundMethod) {
    const [refund] = await tx
      .insert(refunds)
      .values({
        companyId,
        creditNoteId: note.id,
        attemptId: attempt?.id ?? null,
        method: refundMethod,
        reference: `cn-${note.id}-${randomBytes(6).toString('hex')}`,
        amount: split.total,
        currency: order.currency,
        chargedAmount: charged.amount,
        chargedCurrency: charged.currency,
        gatewayReference: refundMethod === 'manual' ? request.refundReference || null : null,
      })
      .returning({ id: refunds.id });
    refundId = refund!.id;
    // A manual refund is the operator's record that the money went back: settled at once, through the same writer.
    if (refundMethod === 'manual') {
      await settleRefund(
        tx,
        refundId,
        {
          status: 'completed',
          refundId: request.refundReference || null,
          gatewayStatus: 'MANUAL',
          raw: { operator: operator.email, reason: note.reason },
        },
        'manual',
        tx,
      );
    }
  }
  await recordAudit(tx, {
    actor: operator,
    companyId,
    action: 'invoice.credit',
    targetType: 'order',
    targetId: orderId,
    before: { uncredited: left.total.toFixed(2) },
    after: { creditNote: serialNumber, total: split.total, vat: split.vat, refund: refundMethod, service: request.service },
    reason: note.reason,
  });
  const issued: Issued = { creditNoteId: note.id, serialNumber, refundId, refundMethod };
  await after(tx, { ...issued, token: note.token, issuedAt: note.issuedAt });
  return issued;
}
