import { and, eq, ne, sql } from 'drizzle-orm';
import { fill, messages } from '@mawingu/contracts/messages';
import { PAYABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import type { Db } from '../../../db/client.ts';
import { paymentAttempts } from '../../../db/schema.ts';
import type { PaymentStatus } from '../../../integrations/payments/payment-gateway.ts';
import { enqueueFulfilment, isFulfilledKind } from '../../orders/index.ts';
import { enqueueProvisioning } from '../../machines/index.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import { paymentsSettled } from '../../../observability/metrics.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { chargedOf } from '../invoices/charged.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { enqueueEtimsDocument, mayGoToEtims } from '../etims/etims-job.ts';
import type { MailService } from '../../platform/index.ts';
import type { NotificationService } from '../../identity/index.ts';
import { orderById, transition } from '../../orders/index.ts';
import { NEW_VM, type StoredOrder } from '../../orders/index.ts';
import type { AttemptRow } from './attempt-store.ts';
import { recordEvent, type EventChannel, type EventOutcome } from './gateway-events.ts';
import { paymentModeOf } from './payment-modes.ts';
import { paymentReceivedMail } from './payment-mail.ts';
import { provisionRequestOf } from './provision-request.ts';
import { paidFactsBefore, paidFactsOf } from './paid-facts.ts';
import { uniqueViolation } from '../../../db/unique-violation.ts';

/** A verified result (from the adapter, or the bypass): what it says, not yet what it changes. */
export type VerifiedResult = {
  status: PaymentStatus;
  /** The gateway's transaction id (pf_payment_id, Ozow TransactionId, …); '' when it gave none. */
  gatewayReference: string;
  gatewayStatus: string;
  test: boolean;
};

export type SettleOutcome = Extract<EventOutcome, 'paid' | 'failed' | 'cancelled' | 'pending' | 'duplicate'>;

/** `within`: a transaction the caller holds; `order`: the attempt's order and lines, as the caller read them. */
export type SettleOptions = {
  /**
   * Manual reconciliation writes its audit entry with it and rolls everything back when the outcome
   * is not the one it asked for; what paying reads is then read in it.
   */
  within?: Db;
  /** An order's facts never change, only its state: a caller that read them spares the reads. */
  order?: StoredOrder;
};

export type SettlementDeps = {
  db: Db;
  queue: JobQueue;
  notifications: NotificationService;
  mail: MailService;
};

/**
 * The only writer of "paid". One transaction, holding the attempt's and the order's row locks:
 * attempt → paid, order → paid (guarded by its state, so of any number of concurrent identical
 * messages exactly one pays), the invoice, the provisioning job, the bell notification, the mail
 * and the gateway event — all of it or nothing. Failures and cancels mark the attempt and an unpaid
 * order; nothing late or out of order ever unpays.
 */
export function createSettlement({ db, queue, notifications, mail }: SettlementDeps) {
  async function settle(
    attemptId: number,
    result: VerifiedResult,
    channel: EventChannel,
    payload: unknown,
    { within, order: known }: SettleOptions = {},
  ): Promise<SettleOutcome> {
    let gateway = '';
    // Within a caller's transaction they are read in it, below.
    const early = !within && result.status === 'paid' ? await paidFactsBefore(db, attemptId, known) : undefined;
    const run = async (tx: Db): Promise<SettleOutcome> => {
      const [attempt] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
      if (!attempt) throw new Error(`payment attempt ${attemptId} vanished`);
      gateway = attempt.gateway;
      if (early && early.order.id !== attempt.orderId) throw new Error(`attempt ${attempt.id} is not of order ${early.order.id}`);
      // Read before, the order is not locked: its guarded transition below is what lets one payment
      // through (a concurrent one finds it paid and records a duplicate).
      const order = early?.order ?? (await orderById(tx, attempt.orderId, { lock: true }));
      if (!order) throw new Error(`order ${attempt.orderId} vanished`);
      const record = (outcome: SettleOutcome, reason?: string) =>
        recordEvent(tx, {
          companyId: attempt.companyId,
          attemptId: attempt.id,
          gateway: attempt.gateway,
          channel,
          outcome,
          reason,
          payload,
        }).then(() => outcome);

      if (result.status === 'pending') return record('pending');
      // One gateway transaction settles one attempt: a genuine transaction claimed for a second
      // attempt (another order of the same amount) changes nothing and is kept as a refused duplicate.
      const holder = await claimGatewayReference(tx, attempt, result);
      if (holder !== undefined) {
        return record('duplicate', `refused: ${attempt.gateway} transaction ${result.gatewayReference} already belongs to ${holder}`);
      }
      if (result.status !== 'paid') {
        // Money that moved is never taken back by a late or out-of-order message.
        if (attempt.status === 'paid') return record('duplicate', `late ${result.status}: the attempt is already paid`);
        if (attempt.status === result.status) return record('duplicate');
        await tx
          .update(paymentAttempts)
          .set({
            status: result.status,
            gatewayStatus: result.gatewayStatus,
            ...gatewayRef(attempt, result),
            updatedAt: sql`now()`,
          })
          .where(eq(paymentAttempts.id, attempt.id));
        await transition(tx, order.id, PAYABLE_ORDER_STATUSES, result.status);
        return record(result.status);
      }

      if (attempt.status === 'paid') return record('duplicate');
      await tx
        .update(paymentAttempts)
        .set({
          status: 'paid',
          gatewayStatus: result.gatewayStatus,
          test: result.test,
          ...gatewayRef(attempt, result),
          updatedAt: sql`now()`,
        })
        .where(eq(paymentAttempts.id, attempt.id));
      const movedToPaid = await transition(tx, order.id, PAYABLE_ORDER_STATUSES, 'paid', {
        paidAt: sql`now()`,
        // A bypass or a manual reconciliation keeps the gateway the customer chose.
        ...(attempt.gateway === 'bypass' || attempt.gateway === 'manual' ? {} : { gateway: attempt.gateway }),
      });
      // A second attempt paid an order another attempt already paid: the money is recorded on its
      // attempt (an operator refunds it), the order and its VM stay as they are.
      if (!movedToPaid) return record('duplicate', 'the order was already paid by another attempt');

      const paymentMode = paymentModeOf(attempt.gateway);
      const facts = early ?? (await paidFactsOf(tx, order));
      if (order.kind === NEW_VM) {
        await enqueueProvisioning(queue, provisionRequestOf(order, facts.lines), {
          tx,
        });
      } else if (isFulfilledKind(order.kind)) {
        await enqueueFulfilment(queue, { orderId: order.id, kind: order.kind }, { tx });
      }
      await notifications.notify(
        order.companyId,
        order.customerId,
        fill(messages.orderPaid, {
          id: String(order.id),
          amount: `${attempt.currency} ${attempt.amount}`,
        }),
        tx,
        { to: 'purchaseHistory' },
      );
      const { account } = facts;
      if (account) {
        const charged = chargedOf(order.currency, attempt);
        const content = paymentReceivedMail(
          account.firstName,
          {
            orderId: order.id,
            productName: order.productName,
            vmName: facts.vmName,
            amount: attempt.amount,
            currency: attempt.currency,
            converted: charged && { total: order.total, currency: order.currency, rate: charged.rate },
            paymentMode,
            newVm: order.kind === NEW_VM,
          },
          account.language,
        );
        await mail.enqueue({ companyId: order.companyId, to: account.email, ...content }, { db: sqlOf(tx) });
      }
      // The invoice last: its number's lock is held until commit, so concurrent payments of the
      // company wait only for the numbering, not for the jobs, bell and mail above.
      const invoice = await issueInvoice(tx, {
        companyId: order.companyId,
        customerId: order.customerId,
        orderId: order.id,
        attemptId: attempt.id,
        paymentMode,
        transactionId: result.gatewayReference || attempt.reference,
        proforma: result.test,
        regionId: order.regionId,
        parties: facts.parties,
      });
      // A Kenyan entity's invoice goes to eTIMS as a job: the purchase never waits for KRA (ADR 0121).
      if (mayGoToEtims({ proforma: result.test, ...facts.parties })) await enqueueEtimsDocument(tx, queue, { invoiceId: invoice.id });
      return record('paid');
    };
    // Within the caller's transaction, the caller counts the result once it commits (manual-settlement.ts).
    if (within) return run(within);
    const outcome = await db.transaction(run);
    paymentsSettled.inc({ gateway, outcome });
    return outcome;
  }

  return { settle };
}

/**
 * Writes the gateway's id on the attempt when it has none yet. Names the attempt that already
 * holds this gateway transaction, if any. The unique index decides between concurrent
 * claims; the write runs in a savepoint so the losing claim rolls back alone and can still be recorded.
 */
async function claimGatewayReference(tx: Db, attempt: AttemptRow, result: VerifiedResult): Promise<string | undefined> {
  const ref = result.gatewayReference;
  if (!ref || attempt.gatewayReference === ref) return undefined;
  // A bypass's reference is the attempt's own, unique by construction: no other attempt can hold
  // it, and the paid update below writes it (four round trips fewer in the paying transaction).
  if (attempt.gateway === 'bypass' && ref === attempt.reference) return undefined;
  const holderOf = async () => {
    const [other] = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(
        and(eq(paymentAttempts.gateway, attempt.gateway), eq(paymentAttempts.gatewayReference, ref), ne(paymentAttempts.id, attempt.id)),
      );
    return other ? `attempt ${other.id}` : undefined;
  };
  const holder = await holderOf();
  if (holder !== undefined || attempt.gatewayReference) return holder;
  try {
    await tx.transaction(async (sp) => {
      await sp.update(paymentAttempts).set({ gatewayReference: ref }).where(eq(paymentAttempts.id, attempt.id));
    });
    attempt.gatewayReference = ref;
    return undefined;
  } catch (err) {
    if (uniqueViolation(err) === null) throw err;
    return (await holderOf()) ?? 'another attempt';
  }
}

/** Keeps the gateway's id once it gives one (the first one wins: it is the idempotency key). */
function gatewayRef(attempt: AttemptRow, result: VerifiedResult) {
  return !attempt.gatewayReference && result.gatewayReference ? { gatewayReference: result.gatewayReference } : {};
}

export type Settlement = ReturnType<typeof createSettlement>;
