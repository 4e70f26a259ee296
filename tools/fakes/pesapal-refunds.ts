/**
 * The fake Pesapal's RefundRequest (developer.pesapal.com API 3.0 "Refund Request"; ADR 0127):
 *
 *   POST {base}/api/Transactions/RefundRequest  bearer token; {confirmation_code, amount, username, remarks}
 *
 * Answers {status: "200", message} when received, {status: "500", message} when refused (HTTP 200
 * both: fake's choice), refusing what Pesapal lists: a payment not COMPLETED, more than was
 * collected, a second refund of a payment, a part of a mobile-money payment, a missing field.
 * A received refund waits for the merchant's approval (`approve`): the payment is then REVERSED
 * (status_code 3) and its IPN sent, as a reversal is.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

type Order = { trackingId: string; statusCode: number; paidAmount: string; paymentMethod: string; confirmationCode: string };

export type FakePesapalRefund = {
  trackingId: string;
  confirmationCode: string;
  amount: string;
  username: string;
  remarks: string;
  approved: boolean;
};

export type PesapalRefundControl = {
  refunds: FakePesapalRefund[];
  /** The merchant approves the refund: the payment is REVERSED and its IPN sent. */
  approve(trackingId: string): Promise<void>;
  /** The next refund request is received but its answer is lost (503, no body), as when a connection drops. */
  loseNextAnswer(): void;
};

const MOBILE = /mpesa|airtel|mtn|tigo/i;
const cents = (v: string) => Math.round(Number(v) * 100);

export function fakePesapalRefunds(deps: {
  orders: Map<string, Order>;
  bearer(req: FastifyRequest, reply: FastifyReply): boolean;
  reverse(trackingId: string): Promise<void>;
}): { register(app: FastifyInstance): void; control: PesapalRefundControl } {
  const refunds: FakePesapalRefund[] = [];
  let loseAnswer = false;
  const refused = (message: string) => ({ status: '500', message });

  const register = (app: FastifyInstance) => {
    app.post('/api/Transactions/RefundRequest', async (req, reply) => {
      if (!deps.bearer(req, reply)) return reply;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const text = (k: string) => (typeof body[k] === 'string' || typeof body[k] === 'number' ? String(body[k]).trim() : '');
      const [code, amount, username, remarks] = ['confirmation_code', 'amount', 'username', 'remarks'].map(text);
      if (!code || !amount || !username || !remarks) return refused('confirmation_code, amount, username and remarks are required');
      if (!/^\d+(\.\d{1,2})?$/.test(amount) || cents(amount) <= 0) return refused('Invalid refund amount');
      const order = [...deps.orders.values()].find((o) => o.confirmationCode === code && o.confirmationCode !== '');
      if (!order) return refused('Invalid confirmation code');
      if (refunds.some((r) => r.confirmationCode === code)) return refused('A refund has already been requested for this payment');
      if (order.statusCode !== 1) return refused('Only COMPLETED payments can be refunded');
      if (cents(amount) > cents(order.paidAmount)) return refused('Refund amount cannot be more than the amount collected');
      if (MOBILE.test(order.paymentMethod) && cents(amount) !== cents(order.paidAmount))
        return refused('Mobile money payments can only be refunded in full');
      refunds.push({ trackingId: order.trackingId, confirmationCode: code, amount, username, remarks, approved: false });
      if (loseAnswer) {
        loseAnswer = false;
        return reply.code(503).send('');
      }
      return { status: '200', message: 'Refund request successfully' };
    });
  };

  async function approve(trackingId: string) {
    const refund = refunds.find((r) => r.trackingId === trackingId && !r.approved);
    if (!refund) throw new Error(`no refund waiting for order ${trackingId}`);
    refund.approved = true;
    await deps.reverse(trackingId);
  }

  const loseNextAnswer = () => {
    loseAnswer = true;
  };
  return { register, control: { refunds, approve, loseNextAnswer } };
}
