import { createHash } from 'node:crypto';
import { messages } from '@mawingu/contracts/messages';
import { formatAmount, sameAmount } from './amount.ts';
import {
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type CheckoutStart,
  type ClaimedReference,
  type ExpectedPayment,
  type GatewayInput,
  type PaymentGateway,
  type PaymentStatus,
  type VerificationFailure,
  type VerifiedPayment,
} from './payment-gateway.ts';
import { createPayPalRefunds } from './paypal-refunds.ts';
import { createPayPalClient, PayPalApiError, type PayPalClient, type PayPalClientOptions, type PayPalOrder } from './paypal-client.ts';

/**
 * PayPal Orders v2 (protocols.md §4). Checkout creates an order (intent CAPTURE, one item of
 * quantity 1, PayPal-Request-Id from our order and attempt so a retried create makes no second order)
 * and sends the payer to its "approve" link. Nothing the browser brings back is trusted: on the
 * return the adapter reads the order from PayPal and captures it; only a COMPLETED capture of the
 * expected amount and currency, for the expected reference, is 'paid'.
 *
 * PayPal does not take ZAR or KES: the caller converts (pricing engine, ZAR_TO_USD_RATE) and passes
 * the converted amount; any other currency is refused here rather than silently charged.
 * Every failure the payer meets maps to the spec's "Something went wrong. Please try after some time"
 * (messages.paymentTryLater) in the caller.
 */
export type PayPalGatewayOptions = PayPalClientOptions & {
  /** Sandbox (api-m.sandbox.paypal.com or the local fake): invoices are proformas. */
  test: boolean;
  /** Shown on PayPal's page (application_context.brand_name). */
  brandName?: string;
  client?: PayPalClient;
};

export const PAYPAL_LIVE_URL = 'https://api-m.paypal.com';
export const PAYPAL_SANDBOX_URL = 'https://api-m.sandbox.paypal.com';

/** The currencies a checkout may be in (the product's currencies PayPal accepts). */
const PAYPAL_CURRENCIES = new Set(['USD']);

/** PayPal-Request-Id: 1 to 108 characters; ours is readable when it fits. */
export function paypalRequestId(orderId: string, reference: string, step: 'create' | 'capture'): string {
  const id = `${step}-${orderId}-${reference}`;
  return id.length <= 108 ? id : `${step}-${createHash('sha256').update(`${orderId}\n${reference}`).digest('hex')}`;
}

/**
 * What the payer is told when a PayPal step fails: creating the order did not give CREATED with an
 * approve link, or the return could not be captured (not approved, already voided, PayPal away).
 * The spec has one text for all of them.
 */
export function paypalFailureMessage(err: unknown): string | undefined {
  return (err instanceof GatewayRequestError || err instanceof GatewayVerificationError) && err.gateway === 'paypal'
    ? messages.paymentTryLater
    : undefined;
}

export function createPayPalGateway(options: PayPalGatewayOptions): PaymentGateway {
  const client = options.client ?? createPayPalClient(options);
  const refuse = (reason: VerificationFailure, detail: string) => new GatewayVerificationError('paypal', reason, detail);

  /** The order id from the browser's return (?token=) or a webhook's resource; our reference when present. */
  function identify(input: GatewayInput): ClaimedReference {
    const token = input.query?.token;
    if (typeof token === 'string' && /^[A-Z0-9-]{1,64}$/i.test(token)) return { gatewayReference: token };
    const body = (input.body && typeof input.body === 'object' ? input.body : {}) as {
      event_type?: unknown;
      resource?: Record<string, any>;
    };
    const type = typeof body.event_type === 'string' ? body.event_type : '';
    const resource = body.resource ?? {};
    const orderId = type.startsWith('CHECKOUT.ORDER.')
      ? resource.id
      : type.startsWith('PAYMENT.CAPTURE.')
        ? resource.supplementary_data?.related_ids?.order_id
        : undefined;
    if (typeof orderId !== 'string' || !orderId) throw refuse('malformed', 'no order id (token) in the return or event');
    const reference = resource.purchase_units?.[0]?.reference_id ?? resource.custom_id;
    return { gatewayReference: orderId, orderReference: typeof reference === 'string' ? reference : undefined };
  }

  async function read<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof PayPalApiError && err.httpStatus === 404) throw refuse('reference', `${what}: PayPal does not know this order`);
      throw refuse('unavailable', `${what}: ${(err as Error).message}`);
    }
  }

  /** What a (captured or not) order from PayPal says about the expected attempt. */
  function outcome(
    order: PayPalOrder,
    expected: ExpectedPayment,
    status: PaymentStatus,
    gatewayStatus: string,
    raw: unknown,
  ): VerifiedPayment {
    const unit = order.purchase_units?.[0];
    const capture = unit?.payments?.captures?.[0];
    const money = capture?.amount ?? unit?.amount;
    if (status === 'paid') {
      if (money?.currency_code !== expected.currency)
        throw refuse('currency', `captured ${String(money?.currency_code)}, expected ${expected.currency}`);
      if (!sameAmount(money.value, expected.amount)) throw refuse('amount', `captured ${money.value}, expected ${expected.amount}`);
    }
    return {
      gateway: 'paypal',
      orderReference: expected.orderReference,
      gatewayReference: order.id ?? '',
      status,
      gatewayStatus,
      amount: status === 'paid' && money ? formatAmount(money.value) : expected.amount,
      currency: money?.currency_code ?? expected.currency,
      test: options.test,
      raw: { message: raw, order },
    };
  }

  /** A COMPLETED order: the state of its capture decides. */
  function fromCapture(order: PayPalOrder, expected: ExpectedPayment, raw: unknown): VerifiedPayment {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    const word = capture?.status ?? 'UNKNOWN';
    // A partial refund later does not undo the payment; a full refund or a decline means no money.
    const status: PaymentStatus | undefined = {
      COMPLETED: 'paid',
      PARTIALLY_REFUNDED: 'paid',
      PENDING: 'pending',
      DECLINED: 'failed',
      FAILED: 'failed',
      REFUNDED: 'failed',
    }[word] as PaymentStatus | undefined;
    if (!status) throw refuse('status', `capture status ${word}`);
    return outcome(order, expected, status, word, raw);
  }

  async function capture(order: PayPalOrder, expected: ExpectedPayment, raw: unknown): Promise<VerifiedPayment> {
    const orderId = order.id!;
    try {
      // The same request id on a repeated capture (two returns, a return and a webhook) gets PayPal's first answer.
      const captured = await client.captureOrder(orderId, paypalRequestId(orderId, expected.orderReference, 'capture'));
      return fromCapture(captured, expected, raw);
    } catch (err) {
      if (err instanceof GatewayVerificationError) throw err;
      if (err instanceof PayPalApiError && err.issue === 'ORDER_ALREADY_CAPTURED') {
        return fromCapture(await read('GET order', () => client.getOrder(orderId)), expected, raw);
      }
      if (err instanceof PayPalApiError && err.issue === 'INSTRUMENT_DECLINED')
        return outcome(order, expected, 'failed', 'INSTRUMENT_DECLINED', raw);
      if (err instanceof PayPalApiError && err.httpStatus === 422) throw refuse('status', `capture refused: ${err.issue ?? err.message}`);
      throw refuse('unavailable', `capture: ${(err as Error).message}`);
    }
  }

  /**
   * Reads the order from PayPal, checks it is the expected attempt, and settles it.
   * `captureCreated`: the browser return — PayPal itself decides whether a CREATED order can be captured.
   */
  async function settle(
    orderId: string,
    expected: ExpectedPayment,
    raw: unknown,
    mode: { captureCreated: boolean; unpaid: PaymentStatus },
  ): Promise<VerifiedPayment> {
    if (expected.gatewayReference && orderId !== expected.gatewayReference)
      throw refuse('reference', `order ${orderId} is not the attempt's ${expected.gatewayReference}`);
    const order = await read('GET order', () => client.getOrder(orderId));
    const reference = order.purchase_units?.[0]?.reference_id;
    if (order.id !== orderId || reference !== expected.orderReference)
      throw refuse('reference', `PayPal order ${String(order.id)} is for ${String(reference)}, expected ${expected.orderReference}`);
    switch (order.status) {
      case 'COMPLETED':
        return fromCapture(order, expected, raw);
      case 'APPROVED':
        return capture(order, expected, raw);
      case 'CREATED':
      case 'PAYER_ACTION_REQUIRED':
        if (mode.captureCreated) return capture(order, expected, raw);
        return outcome(order, expected, mode.unpaid, order.status, raw);
      case 'SAVED':
        return outcome(order, expected, 'pending', order.status, raw);
      case 'VOIDED':
        return outcome(order, expected, 'failed', order.status, raw);
      default:
        throw refuse('status', `order status ${String(order.status)}`);
    }
  }

  return {
    name: 'paypal',
    ...createPayPalRefunds(client),

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStart> {
      if (!PAYPAL_CURRENCIES.has(req.currency)) {
        throw new GatewayRequestError('paypal', `PayPal does not support ${req.currency}: pass the amount converted to USD`);
      }
      const money = { currency_code: req.currency, value: formatAmount(req.amount) };
      const description = req.description.slice(0, 127);
      const order = await client.createOrder(
        {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: req.reference,
              custom_id: req.reference,
              description,
              amount: { ...money, breakdown: { item_total: money } },
              items: [{ name: description, description, quantity: '1', unit_amount: money, category: 'DIGITAL_GOODS' }],
            },
          ],
          // application_context (not payment_source.paypal.experience_context): it answers CREATED with an
          // "approve" link, the flow the spec describes; the newer form answers PAYER_ACTION_REQUIRED.
          application_context: {
            ...(options.brandName ? { brand_name: options.brandName.slice(0, 127) } : {}),
            landing_page: 'NO_PREFERENCE',
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
            return_url: req.returnUrl,
            cancel_url: req.cancelUrl,
          },
        },
        paypalRequestId(req.orderId, req.reference, 'create'),
      );
      const approve = order.links?.find((l) => l.rel === 'approve');
      if (order.status !== 'CREATED' || !approve || !order.id) {
        throw new GatewayRequestError(
          'paypal',
          `create order answered status ${String(order.status)}${approve ? '' : ' without an approve link'}`,
        );
      }
      return { kind: 'redirect', url: approve.href, gatewayReference: order.id };
    },

    identify,

    /** A webhook is only a hint that something changed: the order is read (and captured) from PayPal. */
    async verifyNotification(input) {
      const { gatewayReference } = identify(input);
      return settle(gatewayReference!, input.expected, input.body, { captureCreated: false, unpaid: 'pending' });
    },

    async verifyReturn(input) {
      const { gatewayReference } = identify(input);
      return settle(gatewayReference!, input.expected, { query: input.query }, { captureCreated: true, unpaid: 'pending' });
    },

    async verifyCancel(input) {
      const claimed = typeof input.query?.token === 'string' && input.query.token ? input.query.token : input.expected.gatewayReference;
      if (!claimed) throw refuse('malformed', 'no token and no order id on the attempt');
      return settle(claimed, input.expected, { query: input.query }, { captureCreated: false, unpaid: 'cancelled' });
    },

    async reconcile(expected) {
      if (!expected.gatewayReference) throw refuse('malformed', 'the attempt has no PayPal order id');
      return settle(expected.gatewayReference, expected, null, { captureCreated: false, unpaid: 'pending' });
    },

    acknowledge(_input, result) {
      // PayPal retries a webhook until it gets a 2xx.
      return result === 'retry' ? { status: 503, body: '' } : { status: 200, body: '' };
    },
  };
}
