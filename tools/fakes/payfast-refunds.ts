/**
 * The fake PayFast's Refunds API (developers.payfast.co.za/api "Refunds"; PF-SDK Services/Refunds.php,
 * Request.php, Auth.php; ADR 0127), on the same fake as the checkout:
 *
 *   GET  {base}/refunds/query/{pf_payment_id}  what is refundable (cents) and how (PAYMENT_SOURCE / BANK_PAYOUT)
 *   POST {base}/refunds/{pf_payment_id}        {amount (cents), reason, notify_buyer}: {code 200, status success, data {response true}}
 *   GET  {base}/refunds/{pf_payment_id}        available_balance and the payment's transactions, refunds included
 *
 * Every call must carry merchant-id, version v1, timestamp and the MD5 signature of the sorted header
 * and body values with the passphrase; refused as PayFast lists: 400 missing variables or signature,
 * 401 merchant not found / authorisation failed, 404 unknown payment. A refund above what is left is
 * refused (400, fake's wording). The real sandbox has no refunds (the SDK refuses them in test mode);
 * this fake refunds its own payments at once so a sandbox can be tried end to end (fake's choice).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { phpEncode } from './gateway-fake-kit.ts';

export type FakePayFastRefund = { pfPaymentId: string; amount: number; reason: string; notifyBuyer: string; at: string };
type Merchant = { merchantId: string; passphrase?: string };
type Payment = { merchant: Merchant; cents: number };

export type PayFastRefundControl = {
  refunds: FakePayFastRefund[];
  /** How PayFast would refund this payment: to its card (PAYMENT_SOURCE, default) or only to a bank account. */
  setMethod(pfPaymentId: string, method: 'PAYMENT_SOURCE' | 'BANK_PAYOUT'): void;
  /** While down, refund calls answer 503. */
  setDown(down: boolean): void;
  /** The next refund is made but its answer is lost (503), as when a connection drops. */
  loseNextAnswer(): void;
};

const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');

/** PF-SDK Auth::generateApiSignature: sorted keys, `key=urlencode(value)`, the passphrase among them. */
export function apiSignature(values: Record<string, string>, passphrase?: string): string {
  const all: Record<string, string> = { ...values, ...(passphrase?.trim() ? { passphrase: passphrase.trim() } : {}) };
  return md5(
    Object.keys(all)
      .sort()
      .map((k) => `${k}=${phpEncode(all[k]!)}`)
      .join('&'),
  );
}

const failed = (reply: FastifyReply, code: number, message: string) =>
  reply.code(code).send({ code, status: 'failed', data: { response: false, message } });

/** The refund routes (`register` inside the fake's plugin) and their control, made before the plugin runs. */
export function fakePayFastRefunds(deps: { merchants: Merchant[]; paymentOf(pfPaymentId: string): Payment | undefined }): {
  register(app: FastifyInstance): void;
  control: PayFastRefundControl;
} {
  const refunds: FakePayFastRefund[] = [];
  const methods = new Map<string, 'PAYMENT_SOURCE' | 'BANK_PAYOUT'>();
  let down = false;
  let loseAnswer = false;
  const refundedOf = (id: string) => refunds.filter((r) => r.pfPaymentId === id).reduce((sum, r) => sum + r.amount, 0);

  /** The signed headers and body; undefined when refused (the reply is sent). */
  function authorised(req: FastifyRequest, reply: FastifyReply): Merchant | undefined {
    const h = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
    const [merchantId, version, timestamp, signature] = ['merchant-id', 'version', 'timestamp', 'signature'].map(h);
    if (!merchantId || !version || !timestamp) return void failed(reply, 400, 'Required variables not present in request');
    if (!signature) return void failed(reply, 400, 'Signature not present in headers');
    if (!/^[a-f0-9]{32}$/.test(signature)) return void failed(reply, 400, 'Value for signature is not in the expected format');
    if (version !== 'v1') return void failed(reply, 400, 'API version is not valid');
    const merchant = deps.merchants.find((m) => m.merchantId === merchantId);
    if (!merchant) return void failed(reply, 401, 'Merchant not found');
    const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
    const signed = {
      'merchant-id': merchantId,
      version,
      timestamp,
      ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)])),
    };
    if (apiSignature(signed, merchant.passphrase) !== signature) return void failed(reply, 401, 'Merchant authorisation failed');
    return merchant;
  }

  function paymentFor(req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, merchant: Merchant) {
    const payment = deps.paymentOf(req.params.id);
    if (!payment || payment.merchant.merchantId !== merchant.merchantId) return void failed(reply, 404, 'Transaction not found');
    return payment;
  }

  const register = (app: FastifyInstance) => {
    app.get<{ Params: { id: string } }>('/refunds/query/:id', async (req, reply) => {
      if (down) return failed(reply, 503, 'Communication Failure');
      const merchant = authorised(req, reply);
      const payment = merchant && paymentFor(req, reply, merchant);
      if (!payment) return reply;
      const available = payment.cents - refundedOf(req.params.id);
      const method = available > 0 ? (methods.get(req.params.id) ?? 'PAYMENT_SOURCE') : 'NOT_AVAILABLE';
      return {
        code: 200,
        status: 'success',
        data: {
          response: {
            token: req.params.id,
            funding_type: method === 'BANK_PAYOUT' ? 'EFT' : 'Credit Card',
            amount_original: payment.cents,
            amount_available_for_refund: available,
            status: available > 0 ? 'REFUNDABLE' : 'NOT_AVAILABLE',
            errors: [],
            refund_full: { method: refundedOf(req.params.id) === 0 ? method : 'NOT_AVAILABLE' },
            refund_partial: { method },
            bank_names: [{ bank_name: 'ABSA', label: 'Absa' }],
          },
        },
      };
    });

    app.post<{ Params: { id: string } }>('/refunds/:id', async (req, reply) => {
      if (down) return failed(reply, 503, 'Communication Failure');
      const merchant = authorised(req, reply);
      const payment = merchant && paymentFor(req, reply, merchant);
      if (!payment) return reply;
      const body = (req.body ?? {}) as { amount?: unknown; reason?: unknown; notify_buyer?: unknown };
      const amount = Number(body.amount);
      const reason = typeof body.reason === 'string' ? body.reason : '';
      if (!Number.isInteger(amount) || amount < 1 || reason.length < 3 || reason.length > 255 || body.notify_buyer === undefined)
        return failed(reply, 400, 'Required variables not present in request');
      if ((methods.get(req.params.id) ?? 'PAYMENT_SOURCE') === 'BANK_PAYOUT')
        return failed(reply, 400, 'Bank account details are required for this refund');
      if (amount > payment.cents - refundedOf(req.params.id)) return failed(reply, 400, 'Amount exceeds the amount available for refund');
      refunds.push({ pfPaymentId: req.params.id, amount, reason, notifyBuyer: String(body.notify_buyer), at: new Date().toISOString() });
      if (loseAnswer) {
        loseAnswer = false;
        return failed(reply, 503, 'Communication Failure');
      }
      return { code: 200, status: 'success', data: { response: true, message: 'Success' } };
    });

    app.get<{ Params: { id: string } }>('/refunds/:id', async (req, reply) => {
      const merchant = authorised(req, reply);
      const payment = merchant && paymentFor(req, reply, merchant);
      if (!payment) return reply;
      const own = refunds.filter((r) => r.pfPaymentId === req.params.id);
      return {
        code: 200,
        status: 'success',
        data: {
          response: {
            available_balance: payment.cents - refundedOf(req.params.id),
            transactions: [
              { amount: payment.cents, date: own[0]?.at ?? new Date().toISOString(), type: 'Funds Received' },
              ...own.map((r) => ({ amount: String(-r.amount), date: r.at, type: 'Funds Received (Refund)' })),
            ],
          },
          message: 'success',
        },
      };
    });
  };

  return {
    register,
    control: {
      refunds,
      setMethod: (id, method) => methods.set(id, method),
      setDown: (d) => {
        down = d;
      },
      loseNextAnswer: () => {
        loseAnswer = true;
      },
    },
  };
}
