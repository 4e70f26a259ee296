import { and, eq, like, lt, ne } from 'drizzle-orm';
import { GATEWAYS, type GatewayKey } from '@mawingu/contracts/purchase';
import { Money } from '@mawingu/contracts/pricing/money';
import type { Db } from '../../../db/client.ts';
import { gatewayEvents, paymentAttempts, refunds } from '../../../db/schema.ts';
import type { RefundRequest, RefundResult } from '../../../integrations/payments/payment-gateway.ts';
import type { GatewaySource } from '../payments/gateway-credentials.ts';
import { recordEvent, type EventChannel } from '../payments/gateway-events.ts';

export type RefundState = (typeof refunds.$inferSelect)['status'];

/**
 * The only writer of a refund's result (ADR 0116), as settle-attempt.ts is of a payment's: one
 * transaction holding the refund's row lock moves it from pending to completed or failed once, and
 * records what came (gateway_events, beside the paying attempt's own messages). A repeated or late
 * answer finds it settled and changes nothing. `within`: the caller's transaction (a manual refund
 * is recorded with its credit note).
 */
export async function settleRefund(
  db: Db,
  refundId: number,
  result: Omit<RefundResult, 'refundId'> & { refundId: string | null },
  channel: EventChannel,
  within?: Db,
): Promise<RefundState> {
  const run = async (tx: Db): Promise<RefundState> => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!refund) throw new Error(`refund ${refundId} vanished`);
    const record = (outcome: 'refunded' | 'failed' | 'pending' | 'duplicate') =>
      recordEvent(tx, {
        companyId: refund.companyId,
        attemptId: refund.attemptId,
        gateway: refund.method,
        channel,
        outcome,
        reason: `refund ${refund.reference}: ${result.gatewayStatus}`,
        payload: result.raw,
      });
    if (refund.status !== 'pending') {
      await record('duplicate');
      return refund.status;
    }
    // Still pending as last time (a batch or an approval polled every run): nothing new to record.
    const unchanged =
      result.status === 'pending' &&
      refund.gatewayStatus === result.gatewayStatus &&
      (result.refundId || refund.gatewayReference) === refund.gatewayReference;
    if (unchanged) return 'pending';
    await tx
      .update(refunds)
      .set({
        status: result.status,
        gatewayReference: result.refundId || refund.gatewayReference,
        gatewayStatus: result.gatewayStatus,
        settledAt: result.status === 'pending' ? null : new Date(),
      })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    await record(result.status === 'completed' ? 'refunded' : result.status);
    return result.status;
  };
  return within ? run(within) : db.transaction(run);
}

/** Where Ozow posts a refund's result (refund-notify.ts). */
export const refundNotifyUrl = (publicUrl: string) => `${publicUrl}/api/payments/ozow/refund-notify`;

/** A refund method that goes through a gateway's API (not 'manual'). */
export const isGatewayRefund = (method: string): method is GatewayKey => (GATEWAYS as readonly string[]).includes(method);

export type SentRefund = { state: RefundState; refusal?: string };

/**
 * Sends a pending gateway refund (after its credit note committed) and settles the answer (ADR
 * 0116, 0127). The gateway away or not configured: it stays pending and the reconciliation job
 * sends it again — PayPal with the same PayPal-Request-Id; PayFast, Ozow and Pesapal, which have no
 * idempotency key, first look for the lost refund at the gateway (`resend`). A refund the gateway
 * answered pending (Ozow's batches, Pesapal's approval) is asked about with `refundStatus`.
 */
export async function sendRefund(db: Db, gateways: GatewaySource, refundId: number, publicUrl: string): Promise<SentRefund> {
  const [row] = await db
    .select({ refund: refunds, attempt: paymentAttempts })
    .from(refunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'pending' || !isGatewayRefund(row.refund.method)) return { state: row?.refund.status ?? 'failed' };
  const { refund, attempt } = row;
  const retry = (reason: string) =>
    recordEvent(db, {
      companyId: refund.companyId,
      attemptId: refund.attemptId,
      gateway: refund.method,
      channel: 'refund',
      outcome: 'retry',
      reason: `refund ${refund.reference}: ${reason}`,
      payload: null,
    }).then(() => ({ state: 'pending' as const }));
  try {
    const adapter = await gateways.adapterFor(refund.companyId, refund.method as GatewayKey);
    if (!adapter?.refund || !attempt.gatewayReference) return await retry(`${refund.method} refunds are not configured for this company`);
    const others = await db
      .select({ charged: refunds.chargedAmount, gatewayReference: refunds.gatewayReference, id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.attemptId, attempt.id), ne(refunds.status, 'failed'), ne(refunds.id, refund.id)));
    const earlier = others.filter((o) => o.id < refund.id);
    const [lost] = await db
      .select({ id: gatewayEvents.id })
      .from(gatewayEvents)
      .where(
        and(
          eq(gatewayEvents.attemptId, attempt.id),
          eq(gatewayEvents.channel, 'refund'),
          eq(gatewayEvents.outcome, 'retry'),
          like(gatewayEvents.reason, `refund ${refund.reference}:%`),
        ),
      )
      .limit(1);
    const req: RefundRequest = {
      gatewayReference: attempt.gatewayReference,
      reference: refund.reference,
      amount: refund.chargedAmount,
      currency: refund.chargedCurrency,
      note: `Refund ${refund.reference}`,
      paid: attempt.amount,
      paymentReference: attempt.reference,
      refundedBefore: earlier.reduce((sum, o) => sum.plus(o.charged), new Money(0)).toFixed(2),
      otherRefundIds: others.map((o) => o.gatewayReference).filter((r): r is string => !!r),
      resend: lost !== undefined,
      createdAt: refund.createdAt,
      notifyUrl: refundNotifyUrl(publicUrl),
    };
    const result =
      refund.gatewayReference && adapter.refundStatus
        ? await adapter.refundStatus(refund.gatewayReference, req)
        : await adapter.refund(req);
    return { state: await settleRefund(db, refund.id, result, 'refund'), refusal: result.refusal };
  } catch (err) {
    return retry((err as Error).message);
  }
}

/** Gateway refunds still pending a minute after they were made: sent (or asked about) again. */
export async function retryPendingRefunds(db: Db, gateways: GatewaySource, publicUrl: string): Promise<number> {
  const pending = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), ne(refunds.method, 'manual'), lt(refunds.createdAt, new Date(Date.now() - 60_000))))
    .limit(100);
  for (const { id } of pending) await sendRefund(db, gateways, id, publicUrl);
  return pending.length;
}
