import { callGateway } from './gateway-call.ts';
import { GatewayRequestError } from './payment-gateway.ts';

/**
 * The PayPal REST calls we make (protocols.md §4): an OAuth2 client-credentials token, cached until
 * shortly before expires_in runs out and fetched once for concurrent callers; Orders v2 create, get
 * and capture; Payments v2 refund of a capture and its status. A 401 drops the token and retries once. Non-2xx answers come back as PayPalApiError
 * with PayPal's error name and first issue (ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED…).
 */
export type PayPalClientOptions = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
  now?: () => number;
};

export type PayPalMoney = { currency_code: string; value: string };
export type PayPalLink = { href: string; rel: string; method?: string };
export type PayPalCapture = { id?: string; status?: string; amount?: PayPalMoney };
export type PayPalOrder = {
  id?: string;
  status?: string;
  intent?: string;
  links?: PayPalLink[];
  purchase_units?: Array<{
    reference_id?: string;
    custom_id?: string;
    amount?: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }>;
};

export class PayPalApiError extends GatewayRequestError {
  constructor(
    detail: string,
    httpStatus: number,
    /** PayPal's error name (UNPROCESSABLE_ENTITY, RESOURCE_NOT_FOUND…) and first issue, when it gave them. */
    readonly errorName: string | undefined,
    readonly issue: string | undefined,
  ) {
    super('paypal', detail, httpStatus);
    this.name = 'PayPalApiError';
  }
}

/** A refund of a capture (Payments v2): COMPLETED, PENDING, FAILED or CANCELLED. */
export type PayPalRefund = { id?: string; status?: string; amount?: PayPalMoney };

export type PayPalClient = {
  createOrder(body: unknown, requestId: string): Promise<PayPalOrder>;
  getOrder(orderId: string): Promise<PayPalOrder>;
  captureOrder(orderId: string, requestId: string): Promise<PayPalOrder>;
  /** POST /v2/payments/captures/{id}/refund with an amount (a partial refund) and a note to the payer. */
  refundCapture(
    captureId: string,
    body: { amount: PayPalMoney; note_to_payer?: string; invoice_id?: string },
    requestId: string,
  ): Promise<PayPalRefund>;
  getRefund(refundId: string): Promise<PayPalRefund>;
};

const TOKEN_MARGIN_MS = 60_000;

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  const send = (path: string, init: RequestInit) =>
    callGateway(`${base}${path}`, init, { gateway: 'paypal', label: `${init.method ?? 'GET'} ${path}`, timeoutMs });

  async function requestToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const { status, json } = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (json ?? {}) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown };
    if (status !== 200 || typeof body.access_token !== 'string' || !body.access_token) {
      throw new GatewayRequestError(
        'paypal',
        `token refused (HTTP ${status}${body.error ? `, ${String(body.error)}: ${String(body.error_description ?? '')}` : ''})`,
        status,
      );
    }
    const seconds = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 300;
    cached = { token: body.access_token, renewAt: now() + Math.max(seconds * 1000 - TOKEN_MARGIN_MS, (seconds * 1000) / 2) };
    return body.access_token;
  }

  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    pendingToken ??= requestToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function call<T = PayPalOrder>(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string): Promise<T> {
    const attempt = async () =>
      send(path, {
        method,
        headers: {
          authorization: `Bearer ${await token()}`,
          accept: 'application/json',
          ...(body !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...(requestId ? { 'paypal-request-id': requestId } : {}),
          prefer: 'return=representation',
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    let result = await attempt();
    if (result.status === 401) {
      cached = undefined;
      result = await attempt();
    }
    if (result.status >= 200 && result.status < 300) return (result.json ?? {}) as T;
    const err = (result.json ?? {}) as { name?: unknown; message?: unknown; details?: Array<{ issue?: unknown }> };
    const issue = typeof err.details?.[0]?.issue === 'string' ? err.details[0].issue : undefined;
    const name = typeof err.name === 'string' ? err.name : undefined;
    throw new PayPalApiError(
      `${method} ${path} answered HTTP ${result.status}${name ? ` ${name}` : ''}${issue ? ` (${issue})` : ''}`,
      result.status,
      name,
      issue,
    );
  }

  return {
    createOrder: (body, requestId) => call('POST', '/v2/checkout/orders', body, requestId),
    getOrder: (orderId) => call('GET', `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    captureOrder: (orderId, requestId) => call('POST', `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, undefined, requestId),
    refundCapture: (captureId, body, requestId) =>
      call<PayPalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, body, requestId),
    getRefund: (refundId) => call<PayPalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`),
  };
}
