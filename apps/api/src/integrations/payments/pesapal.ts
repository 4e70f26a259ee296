import { formatAmount, sameAmount } from './amount.ts';
import {
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type CheckoutStart,
  type ClaimedReference,
  type ExpectedPayment,
  type GatewayAcknowledgement,
  type GatewayInput,
  type PaymentGateway,
  type PaymentStatus,
  type VerificationFailure,
  type VerifiedPayment,
} from './payment-gateway.ts';
import { createPesapalRefunds } from './pesapal-refunds.ts';
import { createPesapalClient, type PesapalClient, type PesapalClientOptions, type PesapalTransactionStatus } from './pesapal-client.ts';

/**
 * Pesapal API 3.0 (protocols.md §3). Checkout: the IPN URL is registered once (its ipn_id cached),
 * SubmitOrderRequest with our attempt reference as `id` gives the redirect_url and order_tracking_id.
 * An IPN or browser callback carries no status at all: every verification asks GetTransactionStatus
 * and trusts only that answer (merchant reference, status_code, amount and currency).
 */
export type PesapalGatewayOptions = PesapalClientOptions & {
  /** Sandbox (cybqa or the local fake): invoices are proformas. */
  test: boolean;
  /** How Pesapal calls our IPN URL; the notify route must accept this method. */
  ipnNotificationType?: 'GET' | 'POST';
  /** Tests pass a client; normally one is built from the options. */
  client?: PesapalClient;
};

export const PESAPAL_LIVE_URL = 'https://pay.pesapal.com/v3';
export const PESAPAL_SANDBOX_URL = 'https://cybqa.pesapal.com/pesapalv3';

/** status_code of GetTransactionStatus. */
const STATUS: Record<number, { status: PaymentStatus; word: string }> = {
  0: { status: 'pending', word: 'INVALID' },
  1: { status: 'paid', word: 'COMPLETED' },
  2: { status: 'failed', word: 'FAILED' },
  // A reversal takes back a completed payment: the attempt is not (or no longer) paid.
  3: { status: 'failed', word: 'REVERSED' },
};

/** A tracking id is a GUID; a merchant reference is at most 50 characters. Anything else is not Pesapal's. */
const TRACKING_ID = /^[A-Za-z0-9-]{1,64}$/;

export function createPesapalGateway(options: PesapalGatewayOptions): PaymentGateway {
  const client = options.client ?? createPesapalClient(options);
  const ipnType = options.ipnNotificationType ?? 'GET';
  const refuse = (reason: VerificationFailure, detail: string) => new GatewayVerificationError('pesapal', reason, detail);

  /** OrderTrackingId / OrderMerchantReference from the query (GET IPN, callback) or the JSON body (POST IPN). */
  function fields(input: GatewayInput): { trackingId?: string; merchantReference?: string; notificationType?: string } {
    const body = input.body && typeof input.body === 'object' && !Array.isArray(input.body) ? (input.body as Record<string, unknown>) : {};
    const pick = (name: string) => {
      const value = input.query?.[name] ?? body[name];
      return typeof value === 'string' && value.trim() ? value.trim() : undefined;
    };
    return {
      trackingId: pick('OrderTrackingId'),
      merchantReference: pick('OrderMerchantReference'),
      notificationType: pick('OrderNotificationType'),
    };
  }

  function identify(input: GatewayInput): ClaimedReference {
    const { trackingId, merchantReference } = fields(input);
    if (!trackingId || !TRACKING_ID.test(trackingId)) throw refuse('malformed', 'no OrderTrackingId');
    return { gatewayReference: trackingId, orderReference: merchantReference };
  }

  /** Asks Pesapal about `trackingId` and checks the answer against what we expect. */
  async function settle(trackingId: string, expected: ExpectedPayment, raw: unknown, unpaid: PaymentStatus): Promise<VerifiedPayment> {
    if (expected.gatewayReference && trackingId !== expected.gatewayReference)
      throw refuse('reference', `tracking id ${trackingId} is not the attempt's ${expected.gatewayReference}`);
    let status: PesapalTransactionStatus;
    try {
      status = await client.transactionStatus(trackingId);
    } catch (err) {
      // Pesapal answered that it does not know the id (4xx): a made-up message. Otherwise: ask again later.
      const known =
        err instanceof GatewayRequestError &&
        err.httpStatus !== undefined &&
        err.httpStatus >= 400 &&
        err.httpStatus < 500 &&
        err.httpStatus !== 401;
      throw refuse(known ? 'reference' : 'unavailable', `GetTransactionStatus(${trackingId}): ${(err as Error).message}`);
    }
    if (status.merchant_reference !== expected.orderReference)
      throw refuse(
        'reference',
        `Pesapal reports merchant reference ${String(status.merchant_reference)}, expected ${expected.orderReference}`,
      );
    const mapped = typeof status.status_code === 'number' ? STATUS[status.status_code] : undefined;
    if (!mapped) throw refuse('status', `unknown status_code ${String(status.status_code)}`);
    const amount = status.amount === null || status.amount === undefined ? '' : String(status.amount);
    const currency = status.currency ?? '';
    if (mapped.status === 'paid') {
      if (currency !== expected.currency) throw refuse('currency', `paid in ${currency}, expected ${expected.currency}`);
      if (!sameAmount(amount, expected.amount)) throw refuse('amount', `paid ${amount}, expected ${expected.amount}`);
    }
    return {
      gateway: 'pesapal',
      orderReference: expected.orderReference,
      gatewayReference: trackingId,
      status: mapped.status === 'pending' ? unpaid : mapped.status,
      gatewayStatus: status.payment_status_description || mapped.word,
      amount: mapped.status === 'paid' ? formatAmount(amount) : expected.amount,
      currency: currency || expected.currency,
      test: options.test,
      raw: { message: raw, transactionStatus: status },
    };
  }

  return {
    name: 'pesapal',
    ...createPesapalRefunds(client),

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStart> {
      const notificationId = await client.ipnIdFor(req.notifyUrl, ipnType);
      const order = await client.submitOrder({
        id: req.reference,
        currency: req.currency,
        // Pesapal's amount is a JSON number; a 2-decimal string converts to the same decimal text.
        amount: Number(formatAmount(req.amount)),
        description: req.description.slice(0, 100),
        callback_url: req.returnUrl,
        cancellation_url: req.cancelUrl,
        notification_id: notificationId,
        billing_address: {
          email_address: req.customer.email,
          phone_number: req.customer.phone,
          first_name: req.customer.firstName,
          last_name: req.customer.lastName,
        },
      });
      return { kind: 'redirect', url: order.redirect_url, gatewayReference: order.order_tracking_id };
    },

    identify,

    async verifyNotification(input) {
      const trackingId = identify(input).gatewayReference!;
      return settle(trackingId, input.expected, { query: input.query, body: input.body }, 'pending');
    },

    async verifyReturn(input) {
      const trackingId = identify(input).gatewayReference!;
      return settle(trackingId, input.expected, { query: input.query, body: input.body }, 'pending');
    },

    async verifyCancel(input) {
      const claimed = fields(input).trackingId ?? input.expected.gatewayReference;
      if (!claimed) throw refuse('malformed', 'no OrderTrackingId and no tracking id on the attempt');
      return settle(claimed, input.expected, { query: input.query, body: input.body }, 'cancelled');
    },

    async reconcile(expected) {
      if (!expected.gatewayReference) throw refuse('malformed', 'the attempt has no tracking id');
      return settle(expected.gatewayReference, expected, null, 'pending');
    },

    /** Pesapal's documented IPN answer; status 500 makes it send the IPN again. */
    acknowledge(input, outcome): GatewayAcknowledgement {
      const { trackingId, merchantReference, notificationType } = fields(input);
      const status = outcome === 'retry' ? 500 : 200;
      return {
        status,
        contentType: 'application/json',
        body: JSON.stringify({
          orderNotificationType: notificationType ?? 'IPNCHANGE',
          orderTrackingId: trackingId ?? '',
          orderMerchantReference: merchantReference ?? '',
          status,
        }),
      };
    },
  };
}
