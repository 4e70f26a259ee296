import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts } from '../../../db/schema.ts';
import { GatewayVerificationError } from '../../../integrations/payments/payment-gateway.ts';
import { expectedOf, type AttemptRow } from './attempt-store.ts';
import { recordEvent } from './gateway-events.ts';
import type { GatewaySource } from './gateway-credentials.ts';
import { retryPendingRefunds } from '../credit-notes/refunds.ts';
import type { Settlement } from './settle-attempt.ts';

/** Ask about an attempt once its result is this late; give it up as failed after a day. */
export const RECONCILE_AFTER_MS = 15 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
const BATCH = 100;

/**
 * Attempts whose result never came (the payer closed the tab, a notification was lost): the
 * gateway is asked where they stand (PayPal captures an approved order), and one with no answer
 * after a day is failed — a failed attempt can still be paid by a genuine late message.
 */
export function createReconciler({
  db,
  gateways,
  settlement,
  publicUrl,
}: {
  db: Db;
  gateways: GatewaySource;
  settlement: Settlement;
  /** Where this server is reached (refund notifications). */
  publicUrl: string;
}) {
  async function reconcileOne(attempt: AttemptRow, now: number, log?: FastifyBaseLogger): Promise<void> {
    // Unreadable company credentials: nothing to ask; the attempt is still given up after a day.
    const gateway =
      attempt.gateway === 'bypass' || attempt.gateway === 'manual'
        ? undefined
        : await gateways.adapterFor(attempt.companyId, attempt.gateway as GatewayKey).catch(() => undefined);
    const giveUp = now - attempt.createdAt.getTime() >= GIVE_UP_AFTER_MS;
    if (gateway?.reconcile) {
      try {
        const verified = await gateway.reconcile(expectedOf(attempt));
        if (verified.status !== 'pending' || !giveUp) {
          await settlement.settle(attempt.id, verified, 'reconcile', { verified: verified.raw });
          return;
        }
      } catch (err) {
        if (!(err instanceof GatewayVerificationError)) throw err;
        log?.warn({ attemptId: attempt.id, reason: err.reason }, 'payment reconciliation refused');
        await recordEvent(db, {
          companyId: attempt.companyId,
          attemptId: attempt.id,
          gateway: attempt.gateway,
          channel: 'reconcile',
          outcome: err.reason === 'unavailable' ? 'retry' : 'refused',
          reason: `${err.reason}: ${err.message}`,
          payload: {},
        });
        if (!giveUp) return;
      }
    }
    if (giveUp)
      await settlement.settle(
        attempt.id,
        { status: 'failed', gatewayReference: '', gatewayStatus: 'NO_RESULT_AFTER_24H', test: attempt.test },
        'reconcile',
        {},
      );
  }

  /** One pass over the oldest unanswered attempts; returns how many were looked at. */
  async function run(log?: FastifyBaseLogger, now = Date.now()): Promise<number> {
    const stale = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.status, 'started'), lt(paymentAttempts.createdAt, new Date(now - RECONCILE_AFTER_MS))))
      .orderBy(asc(paymentAttempts.createdAt))
      .limit(BATCH);
    for (const attempt of stale) {
      try {
        await reconcileOne(attempt, now, log);
      } catch (err) {
        log?.error({ err, attemptId: attempt.id }, 'payment reconciliation failed');
      }
    }
    // Gateway refunds whose answer was pending or lost: asked again, or looked for at the gateway (ADR 0116, 0127).
    await retryPendingRefunds(db, gateways, publicUrl).catch((err: unknown) => log?.error({ err }, 'refund reconciliation failed'));
    return stale.length;
  }

  return { run };
}

export type Reconciler = ReturnType<typeof createReconciler>;
