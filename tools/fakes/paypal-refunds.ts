/**
 * The fake PayPal's Payments v2 refunds (protocols.md §4; developer.paypal.com "Refund a captured
 * payment"): POST /v2/payments/captures/{capture_id}/refund with an optional amount (none: all that
 * is left) in the capture's currency and an optional note_to_payer; PayPal-Request-Id makes a
 * repeat give the first refund back. Refusals as PayPal names them: RESOURCE_NOT_FOUND for an
 * unknown capture, 422 REFUND_CAPTURE_CURRENCY_MISMATCH, REFUND_AMOUNT_EXCEEDED,
 * CAPTURE_FULLY_REFUNDED, CANNOT_BE_ZERO_OR_NEGATIVE. GET /v2/payments/refunds/{id} reads one.
 * Refunds complete at once (fake's choice; PayPal may answer PENDING).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiError, notFound, unprocessable } from './paypal-errors.ts';

type Money = { currency_code: string; value: string };

export type FakePayPalRefund = {
  id: string;
  captureId: string;
  status: 'COMPLETED';
  amount: Money;
  noteToPayer?: string;
  createTime: string;
};

type RefundableOrder = {
  status: string;
  captureId?: string;
  purchaseUnits: Array<{ amount: Money }>;
  refunds: FakePayPalRefund[];
};

export type RefundDeps = {
  orders: Map<string, RefundableOrder>;
  refunds: Map<string, FakePayPalRefund>;
  idempotent: Map<string, { status: number; body: unknown }>;
  bearer(req: FastifyRequest, reply: FastifyReply): boolean;
  baseOf(req: FastifyRequest): string;
  /** An outage: every refund call answers 503. */
  down(): boolean;
};

const MONEY_VALUE = /^[0-9]{1,10}(\.[0-9]{1,2})?$/;
const cents = (value: string) => Math.round(Number(value) * 100);
const asValue = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function representation(refund: FakePayPalRefund, base: string) {
  return {
    id: refund.id,
    status: refund.status,
    amount: refund.amount,
    ...(refund.noteToPayer ? { note_to_payer: refund.noteToPayer } : {}),
    create_time: refund.createTime,
    update_time: refund.createTime,
    links: [
      { href: `${base}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
      { href: `${base}/v2/payments/captures/${refund.captureId}`, rel: 'up', method: 'GET' },
    ],
  };
}

export function registerRefunds(app: FastifyInstance, deps: RefundDeps): void {
  const captureOf = (captureId: string) => [...deps.orders.values()].find((o) => o.status === 'COMPLETED' && o.captureId === captureId);

  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (req, reply) => {
    if (!deps.bearer(req, reply)) return reply;
    if (deps.down()) return apiError(reply, 503, 'SERVICE_UNAVAILABLE', 'Service Unavailable.');
    const requestId = req.headers['paypal-request-id'];
    const key = typeof requestId === 'string' && requestId.length > 0 ? `refund:${req.params.id}:${requestId}` : undefined;
    const earlier = key ? deps.idempotent.get(key) : undefined;
    if (earlier) return reply.code(earlier.status).send(earlier.body);
    const order = captureOf(req.params.id);
    if (!order) return notFound(reply);
    const captured = order.purchaseUnits[0]!.amount;
    const left = cents(captured.value) - order.refunds.reduce((sum, r) => sum + cents(r.amount.value), 0);
    if (left <= 0) return unprocessable(reply, 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.');
    const body = (req.body ?? {}) as { amount?: Partial<Money>; note_to_payer?: unknown };
    let value = left;
    if (body.amount !== undefined) {
      const { currency_code: currency, value: asked } = body.amount;
      if (typeof asked !== 'string' || !MONEY_VALUE.test(asked) || typeof currency !== 'string')
        return apiError(reply, 400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [
          { issue: 'INVALID_PARAMETER_SYNTAX', description: 'amount needs currency_code and a string value', field: '/amount' },
        ]);
      if (currency !== captured.currency_code)
        return unprocessable(reply, 'REFUND_CAPTURE_CURRENCY_MISMATCH', 'Refund must be in the same currency as the capture.');
      value = cents(asked);
      if (value <= 0) return unprocessable(reply, 'CANNOT_BE_ZERO_OR_NEGATIVE', 'Must be greater than zero.');
      if (value > left)
        return unprocessable(
          reply,
          'REFUND_AMOUNT_EXCEEDED',
          'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
        );
    }
    const refund: FakePayPalRefund = {
      id: randomBytes(9).toString('hex').toUpperCase().slice(0, 17),
      captureId: req.params.id,
      status: 'COMPLETED',
      amount: { currency_code: captured.currency_code, value: asValue(value) },
      noteToPayer: typeof body.note_to_payer === 'string' ? body.note_to_payer.slice(0, 255) : undefined,
      createTime: new Date().toISOString(),
    };
    order.refunds.push(refund);
    deps.refunds.set(refund.id, refund);
    const answer = representation(refund, deps.baseOf(req));
    if (key) deps.idempotent.set(key, { status: 201, body: answer });
    return reply.code(201).send(answer);
  });

  app.get<{ Params: { id: string } }>('/v2/payments/refunds/:id', async (req, reply) => {
    if (!deps.bearer(req, reply)) return reply;
    const refund = deps.refunds.get(req.params.id);
    if (!refund) return notFound(reply);
    return representation(refund, deps.baseOf(req));
  });
}
