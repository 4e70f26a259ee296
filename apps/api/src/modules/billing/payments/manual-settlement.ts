import { and, eq } from 'drizzle-orm';
import { paymentsAdminMessages } from '@mawingu/contracts/admin/payments';
import { GATEWAYS, type GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts } from '../../../db/schema.ts';
import { orderById } from '../../orders/index.ts';
import { AppError } from '../../../http/app-error.ts';
import { paymentsSettled } from '../../../observability/metrics.ts';
import { attemptReferenceOf, type AttemptRow } from './attempt-store.ts';
import type { GatewaySource } from './gateway-credentials.ts';
import type { Settlement } from './settle-attempt.ts';

export type ManualAction = 'paid' | 'failed' | 'cancelled';

/** Where the order and the attempt stood, for the audit entry (no secrets: states and ids). */
export type ManualSnapshot = {
  order: { status: string; paidAt: string | null; gateway: string | null };
  attempt: { id: number; gateway: string; status: string; gatewayReference: string | null } | null;
};

export type ManualReconciliation = {
  companyId: number;
  orderId: number;
  action: ManualAction;
  /** paid: the attempt the money came through (else a new "manual" attempt); failed / cancelled: required. */
  attemptId?: number;
  gatewayReference?: string;
  operator: { operatorId: number; email: string };
  reason: string;
  /** Written in the same transaction as the change (the console's audit entry). */
  record: (tx: Db, change: { before: ManualSnapshot; after: ManualSnapshot; attemptId: number }) => Promise<void>;
};

const isGateway = (name: string): name is GatewayKey => (GATEWAYS as readonly string[]).includes(name);

/**
 * An operator's reconciliation (issue 7, point 4): money the gateway never told us about (a lost
 * ITN, an EFT) marks the order paid through the very transaction a verified gateway result uses
 * (`settle`: invoice, fulfilment job, bell notification, mail and the gateway event, once), or a
 * started attempt is closed as failed or cancelled. A paid order is refused; a race with a gateway
 * that pays it meanwhile rolls the reconciliation back (409) instead of recording a second payment.
 */
export function createManualSettlement({
  db,
  settlement,
  gateways,
}: {
  db: Db;
  settlement: Settlement;
  gateways: Pick<GatewaySource, 'gatewayCredentialsFor'>;
}) {
  async function snapshot(tx: Db, orderId: number, attemptId: number | null): Promise<ManualSnapshot> {
    const order = await orderById(tx, orderId);
    const [attempt] = attemptId === null ? [] : await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
    return {
      order: { status: order!.status, paidAt: order!.paidAt?.toISOString() ?? null, gateway: order!.gateway },
      attempt: attempt
        ? { id: attempt.id, gateway: attempt.gateway, status: attempt.status, gatewayReference: attempt.gatewayReference }
        : null,
    };
  }

  /** Whether money through this attempt's gateway is a test transaction for the company now (proforma invoice). */
  async function testOf(companyId: number, attempt: AttemptRow): Promise<boolean> {
    if (!isGateway(attempt.gateway)) return false;
    const resolved = await gateways.gatewayCredentialsFor(companyId, attempt.gateway).catch(() => undefined);
    return resolved?.test ?? attempt.test;
  }

  async function reconcile(input: ManualReconciliation): Promise<ManualAction> {
    const { companyId, orderId, action } = input;
    let gateway = 'manual';
    const settled = await db.transaction(async (tx) => {
      // Locked first: two operators' new "manual" attempts would otherwise each hold a key-share
      // lock on the order and deadlock when settle() asks for it.
      const order = await orderById(tx, orderId, { companyId, lock: true });
      if (!order) throw AppError.notFound(paymentsAdminMessages.orderNotFound);
      if (order.paidAt) throw AppError.conflict(paymentsAdminMessages.orderAlreadyPaid);

      let attempt: AttemptRow | undefined;
      if (input.attemptId !== undefined) {
        [attempt] = await tx
          .select()
          .from(paymentAttempts)
          .where(and(eq(paymentAttempts.id, input.attemptId), eq(paymentAttempts.orderId, order.id)));
        if (!attempt)
          throw AppError.badRequest(paymentsAdminMessages.attemptNotFound, { attemptId: paymentsAdminMessages.attemptNotFound });
      }
      const payload = {
        operator: input.operator.email,
        reason: input.reason,
        ...(input.gatewayReference ? { gatewayReference: input.gatewayReference } : {}),
      };

      if (action === 'paid') {
        if (attempt?.status === 'paid') throw AppError.conflict(paymentsAdminMessages.orderAlreadyPaid);
        const before = await snapshot(tx, order.id, attempt?.id ?? null);
        attempt ??= (
          await tx
            .insert(paymentAttempts)
            .values({
              companyId,
              orderId: order.id,
              gateway: 'manual',
              reference: attemptReferenceOf(order.reference),
              amount: order.total,
              currency: order.currency,
              test: false,
            })
            .returning()
        )[0]!;
        const test = await testOf(companyId, attempt);
        gateway = attempt.gateway;
        const outcome = await settlement.settle(
          attempt.id,
          { status: 'paid', gatewayReference: input.gatewayReference ?? '', gatewayStatus: 'MANUAL', test },
          'manual',
          payload,
          { within: tx },
        );
        // Paid meanwhile by a gateway (or another operator), or the transaction id already paid
        // another attempt: nothing of this reconciliation stays.
        if (outcome !== 'paid') {
          const now = await orderById(tx, order.id);
          if (now?.paidAt) throw AppError.conflict(paymentsAdminMessages.orderAlreadyPaid);
          throw AppError.badRequest(paymentsAdminMessages.referenceTaken, { gatewayReference: paymentsAdminMessages.referenceTaken });
        }
        await input.record(tx, { before, after: await snapshot(tx, order.id, attempt.id), attemptId: attempt.id });
        return action;
      }

      if (!attempt) throw AppError.badRequest(paymentsAdminMessages.attemptRequired, { attemptId: paymentsAdminMessages.attemptRequired });
      if (attempt.status !== 'started') throw AppError.conflict(paymentsAdminMessages.attemptHasResult);
      const before = await snapshot(tx, order.id, attempt.id);
      gateway = attempt.gateway;
      const outcome = await settlement.settle(
        attempt.id,
        { status: action, gatewayReference: '', gatewayStatus: `MANUAL_${action.toUpperCase()}`, test: attempt.test },
        'manual',
        payload,
        { within: tx },
      );
      const after = await snapshot(tx, order.id, attempt.id);
      if (outcome !== action || after.order.paidAt)
        throw AppError.conflict(after.order.paidAt ? paymentsAdminMessages.orderAlreadyPaid : paymentsAdminMessages.attemptHasResult);
      await input.record(tx, { before, after, attemptId: attempt.id });
      return action;
    });
    // Committed: the operator's result counts like a gateway's.
    paymentsSettled.inc({ gateway, outcome: settled });
    return settled;
  }

  return { reconcile };
}

export type ManualSettlement = ReturnType<typeof createManualSettlement>;
