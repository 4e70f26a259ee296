import type { FastifyBaseLogger } from 'fastify';
import { isOrderStatusIn, PAYABLE_ORDER_STATUSES } from '@mawingu/contracts/order-status';
import { messages } from '@mawingu/contracts/messages';
import type { TransactionResult, TransactionUpdateRequest } from '@mawingu/contracts/payments';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import {
  GatewayVerificationError,
  type GatewayInput,
  type PaymentGateway,
  type VerifiedPayment,
} from '../../../integrations/payments/payment-gateway.ts';
import { findOrderOf, type StoredOrder } from '../../orders/index.ts';
import { attemptOfCustomer, attemptReferenceOf, createAttempt, expectedOf, type AttemptRow } from './attempt-store.ts';
import { recordEvent, type EventChannel } from './gateway-events.ts';
import type { GatewaySource } from './gateway-credentials.ts';
import type { Settlement } from './settle-attempt.ts';
import { transactionResultOf } from './transaction-result.ts';
import { OZOW_RETURN_FIELDS } from '@mawingu/contracts/payment-return-fields';

type Customer = { companyId: number; customerId: number };
type Body = Omit<TransactionUpdateRequest, 'orderId'> & { orderId?: number };

const isCancel = (status: string | undefined) => status?.trim().toLowerCase() === 'cancelled';
const truthy = (v: Body['byPass']) => v === 1 || v === '1' || v === true;

/**
 * The result pages' transaction update (transactionApi and its variants): what the browser brought
 * back is only a claim. Ozow's return is verified by its hash; Pesapal and PayPal are asked (PayPal
 * captured); PayFast's return proves nothing, so the page gets the state the ITN left; a bypass
 * order pays by its own frozen flag. Only the customer's own attempts in this company are seen.
 */
export function createTransactionUpdates({ db, gateways, settlement }: { db: Db; gateways: GatewaySource; settlement: Settlement }) {
  async function findAttempt(customer: Customer, body: Body): Promise<AttemptRow> {
    const lookup = {
      reference: body.TransactionReference?.trim() || body.OrderMerchantReference?.trim() || undefined,
      paypalToken: body.token?.trim() || undefined,
      orderId: body.orderId,
    };
    const attempt = await attemptOfCustomer(db, customer.companyId, customer.customerId, lookup);
    if (attempt) return attempt;
    // A bypass order confirmed by its id before (or without) a started attempt.
    if (body.orderId !== undefined && !lookup.reference && !lookup.paypalToken) {
      const stored = await findOrderOf(db, customer.companyId, customer.customerId, body.orderId);
      if (stored?.order.bypass && isOrderStatusIn(stored.order.status, PAYABLE_ORDER_STATUSES)) {
        const { order } = stored;
        return createAttempt(db, {
          companyId: order.companyId,
          orderId: order.id,
          gateway: 'bypass',
          reference: attemptReferenceOf(order.reference),
          amount: order.total,
          currency: order.currency,
          test: false,
        });
      }
      if (stored && truthy(body.byPass))
        throw AppError.badRequest(messages.orderNotPayable, {
          byPass: messages.orderNotPayable,
        });
    }
    throw new AppError('not_found', 404, messages.orderNotFound, {
      orderId: messages.orderNotFound,
    });
  }

  /** What the adapter makes of the page's return; a refusal is recorded and changes nothing. */
  async function verifyWith(
    attempt: AttemptRow,
    stored: StoredOrder,
    channel: EventChannel,
    input: GatewayInput,
    verify: (input: GatewayInput & { expected: ReturnType<typeof expectedOf> }) => Promise<VerifiedPayment>,
    log: FastifyBaseLogger,
  ): Promise<TransactionResult> {
    const payload = { query: input.query };
    try {
      const verified = await verify({
        ...input,
        expected: expectedOf(attempt),
      });
      await settlement.settle(attempt.id, verified, channel, { ...payload, verified: verified.raw }, { order: stored });
      return transactionResultOf(db, attempt);
    } catch (err) {
      if (!(err instanceof GatewayVerificationError)) throw err;
      const outcome = err.reason === 'unavailable' ? 'retry' : 'refused';
      log.warn({ gateway: attempt.gateway, attemptId: attempt.id, reason: err.reason }, `payment ${channel} ${outcome}`);
      await recordEvent(db, {
        companyId: attempt.companyId,
        attemptId: attempt.id,
        gateway: attempt.gateway,
        channel,
        outcome,
        reason: `${err.reason}: ${err.message}`,
        payload,
      });
      // Could not ask the gateway now: the page asks again (Pending); a refusal is the Failed view.
      return transactionResultOf(db, attempt, outcome === 'refused');
    }
  }

  async function update(customer: Customer, body: Body, log: FastifyBaseLogger): Promise<TransactionResult> {
    // Asked together when the page names its order: under load each round trip waits a turn.
    const [attempt, named] = await Promise.all([
      findAttempt(customer, body),
      body.orderId === undefined ? undefined : findOrderOf(db, customer.companyId, customer.customerId, body.orderId),
    ]);
    const stored =
      named?.order.id === attempt.orderId ? named : (await findOrderOf(db, customer.companyId, customer.customerId, attempt.orderId))!;
    if (truthy(body.byPass) && !stored.order.bypass)
      throw AppError.badRequest(messages.orderNotPayable, {
        byPass: messages.orderNotPayable,
      });

    if (attempt.gateway === 'bypass') {
      if (!stored.order.bypass)
        throw AppError.badRequest(messages.orderNotPayable, {
          byPass: messages.orderNotPayable,
        });
      await settlement.settle(
        attempt.id,
        {
          status: 'paid',
          gatewayReference: attempt.reference,
          gatewayStatus: 'BYPASS',
          test: false,
        },
        'bypass',
        { body },
        { order: stored },
      );
      return transactionResultOf(db, attempt);
    }

    // The company's account (unreadable credentials: the page keeps waiting, as with no gateway).
    const gateway: PaymentGateway | undefined = await gateways
      .adapterFor(attempt.companyId, attempt.gateway as GatewayKey)
      .catch((err: unknown) => {
        log.error({ err, attemptId: attempt.id }, 'payment return: no usable gateway account');
        return undefined;
      });
    if (!gateway) return transactionResultOf(db, attempt);
    switch (attempt.gateway) {
      case 'ozow': {
        if (!body.Hash) return transactionResultOf(db, attempt);
        const query = Object.fromEntries(OZOW_RETURN_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]));
        return verifyWith(attempt, stored, 'return', { body: undefined, query, headers: {} }, (i) => gateway.verifyReturn!(i), log);
      }
      case 'pesapal': {
        const query = {
          OrderTrackingId: body.OrderTrackingId?.trim() || attempt.gatewayReference || undefined,
          OrderMerchantReference: body.OrderMerchantReference?.trim() || attempt.reference,
          OrderNotificationType: body.OrderNotificationType ?? 'CALLBACKURL',
        };
        if (isCancel(body.status))
          return verifyWith(attempt, stored, 'cancel', { body: undefined, query, headers: {} }, (i) => gateway.verifyCancel!(i), log);
        return verifyWith(attempt, stored, 'return', { body: undefined, query, headers: {} }, (i) => gateway.verifyReturn!(i), log);
      }
      case 'paypal': {
        const query = {
          token: body.token?.trim() || attempt.gatewayReference || undefined,
          PayerID: body.PayerID,
        };
        if (isCancel(body.status))
          return verifyWith(attempt, stored, 'cancel', { body: undefined, query, headers: {} }, (i) => gateway.verifyCancel!(i), log);
        return verifyWith(attempt, stored, 'return', { body: undefined, query, headers: {} }, (i) => gateway.verifyReturn!(i), log);
      }
      case 'payfast': {
        // The cancel_url proves nothing but costs nothing to believe: an unpaid attempt closes as
        // cancelled, and a genuine COMPLETE ITN arriving later still pays the order.
        if (isCancel(body.status) && attempt.status === 'started') {
          await settlement.settle(
            attempt.id,
            {
              status: 'cancelled',
              gatewayReference: '',
              gatewayStatus: 'CANCELLED_BY_PAYER',
              test: attempt.test,
            },
            'cancel',
            { body },
          );
        }
        return transactionResultOf(db, attempt);
      }
      default:
        return transactionResultOf(db, attempt);
    }
  }

  return { update };
}

export type TransactionUpdates = ReturnType<typeof createTransactionUpdates>;
