import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts, refunds } from '../../../db/schema.ts';
import type { RefundResult } from '../../../integrations/payments/payment-gateway.ts';
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

/**
 * Sends a pending gateway refund (after its credit note committed) and settles the answer. PayPal
 * away or not configured: it stays pending, and the reconciliation job asks again with the same
 * reference (PayPal-Request-Id), so it is refunded once however often it is sent.
 */
export async function sendRefund(db: Db, gateways: GatewaySource, refundId: number): Promise<RefundState> {
  const [row] = await db
    .select({ refund: refunds, orderId: paymentAttempts.gatewayReference })
    .from(refunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, refundId));
  if (!row || row.refund.status !== 'pending' || row.refund.method !== 'paypal') return row?.refund.status ?? 'failed';
  const { refund } = row;
  const retry = (reason: string) =>
    recordEvent(db, {
      companyId: refund.companyId,
      attemptId: refund.attemptId,
      gateway: refund.method,
      channel: 'refund',
      outcome: 'retry',
      reason: `refund ${refund.reference}: ${reason}`,
      payload: null,
    }).then(() => 'pending' as const);
  try {
    const adapter = await gateways.adapterFor(refund.companyId, 'paypal');
    if (!adapter?.refund || !row.orderId) return await retry('PayPal is not configured for this company');
    const result = refund.gatewayReference
      ? await adapter.refundStatus!(refund.gatewayReference)
      : await adapter.refund({
          gatewayReference: row.orderId,
          reference: refund.reference,
          amount: refund.chargedAmount,
          currency: refund.chargedCurrency,
          note: `Refund ${refund.reference}`,
        });
    return await settleRefund(db, refund.id, result, 'refund');
  } catch (err) {
    return retry((err as Error).message);
  }
}

/** Gateway refunds still pending a minute after they were made: sent (or asked about) again. */
export async function retryPendingRefunds(db: Db, gateways: GatewaySource): Promise<number> {
  const pending = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), eq(refunds.method, 'paypal'), lt(refunds.createdAt, new Date(Date.now() - 60_000))))
    .limit(100);
  for (const { id } of pending) await sendRefund(db, gateways, id);
  return pending.length;
}
