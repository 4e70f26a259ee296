import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts, refunds } from '../../../db/schema.ts';
import {
  GatewayVerificationError,
  type GatewayAcknowledgement,
  type GatewayInput,
} from '../../../integrations/payments/payment-gateway.ts';
import type { GatewaySource } from '../payments/gateway-credentials.ts';
import { recordEvent } from '../payments/gateway-events.ts';
import { settleRefund } from './refunds.ts';

/**
 * A refund's result sent by the gateway (Ozow posts it to the refund's NotifyUrl; ADR 0127): read
 * the refund id it claims, load our refund, verify the message with the company's account (hash,
 * refund and transaction ids, amount, currency) and settle it through the one refund writer, which
 * moves a refund once — a repeated notification is recorded as a duplicate and changes nothing.
 * Every message is recorded beside the payment's own, verified or not.
 */
export function createRefundNotifications({ db, gateways }: { db: Db; gateways: GatewaySource }) {
  async function receive(key: GatewayKey, input: GatewayInput, log: FastifyBaseLogger): Promise<GatewayAcknowledgement> {
    const payload = { body: input.body, query: input.query };
    let refund: typeof refunds.$inferSelect | undefined;
    const answer = async (outcome: 'refused' | 'retry', reason: string): Promise<GatewayAcknowledgement> => {
      log.warn({ gateway: key, refundId: refund?.id, reason }, `refund notification ${outcome}`);
      await recordEvent(db, {
        companyId: refund?.companyId ?? null,
        attemptId: refund?.attemptId ?? null,
        gateway: key,
        channel: 'notification',
        outcome,
        reason: `refund: ${reason}`,
        payload,
      }).catch((err: unknown) => log.error({ err }, 'could not record a gateway event'));
      return outcome === 'retry' ? { status: 503, body: '' } : { status: 200, body: '' };
    };
    try {
      const claimed = gateways.protocol(key).identifyRefund?.(input);
      if (!claimed) return await answer('refused', 'malformed: not a refund notification');
      [refund] = await db
        .select()
        .from(refunds)
        .where(and(eq(refunds.method, key), eq(refunds.gatewayReference, claimed.refundId)));
      if (!refund?.attemptId || !refund.gatewayReference) return await answer('refused', 'reference: no refund of ours');
      const [attempt] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, refund.attemptId));
      const account = await gateways.adapterFor(refund.companyId, key);
      if (!account?.verifyRefundNotification || !attempt?.gatewayReference)
        return await answer('refused', 'gateway not configured for this company on this server');
      const result = account.verifyRefundNotification(input, {
        refundId: refund.gatewayReference,
        gatewayReference: attempt.gatewayReference,
        amount: refund.chargedAmount,
        currency: refund.chargedCurrency,
      });
      await settleRefund(db, refund.id, { ...result, raw: { ...payload, verified: result.raw } }, 'notification');
      return { status: 200, body: '' };
    } catch (err) {
      if (err instanceof GatewayVerificationError) return answer('refused', `${err.reason}: ${err.message}`);
      log.error({ err, gateway: key }, 'refund notification failed');
      return answer('retry', `error: ${(err as Error).message}`);
    }
  }
  return { receive };
}

export type RefundNotifications = ReturnType<typeof createRefundNotifications>;
