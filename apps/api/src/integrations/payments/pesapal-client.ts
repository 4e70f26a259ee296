import { callGateway } from './gateway-call.ts';
import { GatewayRequestError } from './payment-gateway.ts';

/**
 * The calls of Pesapal API 3.0 we make (shared/reference/protocols.md §3), with the bearer token
 * cached until shortly before its expiryDate (Pesapal's lasts about 5 minutes) and fetched once
 * for concurrent callers. A 401 on a call drops the token and retries once with a fresh one.
 */
export type PesapalClientOptions = {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs?: number;
  now?: () => number;
};

export type PesapalSubmitOrder = {
  id: string;
  currency: string;
  amount: number;
  description: string;
  callback_url: string;
  cancellation_url?: string;
  notification_id: string;
  billing_address: {
    email_address?: string;
    phone_number?: string;
    country_code?: string;
    first_name?: string;
    last_name?: string;
  };
};

export type PesapalSubmitOrderResponse = { order_tracking_id: string; merchant_reference: string; redirect_url: string };

/** The fields of GetTransactionStatus we read (the rest is kept raw for gateway_events). */
export type PesapalTransactionStatus = {
  status_code?: number | null;
  payment_status_description?: string | null;
  amount?: number | string | null;
  currency?: string | null;
  merchant_reference?: string | null;
  confirmation_code?: string | null;
  payment_method?: string | null;
  status?: string | null;
  error?: { code?: string | null; message?: string | null } | null;
};

export type PesapalClient = {
  submitOrder(order: PesapalSubmitOrder): Promise<PesapalSubmitOrderResponse>;
  /** The ipn_id for a notification URL: one already registered for it, or a new registration. Cached. */
  ipnIdFor(url: string, type: 'GET' | 'POST'): Promise<string>;
  transactionStatus(orderTrackingId: string): Promise<PesapalTransactionStatus>;
  /** RefundRequest (ADR 0127): Pesapal's answer as it came, `status` "200" (received) or "500" (refused) with a message. */
  refundRequest(body: PesapalRefundBody): Promise<{ status: string; message: string; raw: unknown }>;
};

export type PesapalRefundBody = { confirmation_code: string; amount: string; username: string; remarks: string };

/** Renew this long before Pesapal's expiryDate, so a token never expires between our check and its use. */
const TOKEN_MARGIN_MS = 30_000;

export function createPesapalClient(options: PesapalClientOptions): PesapalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  const now = options.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;
  const ipnIds = new Map<string, Promise<string>>();

  const send = (path: string, init: { method: 'GET' | 'POST'; body?: unknown; token?: string }) =>
    callGateway(
      `${base}${path}`,
      {
        method: init.method,
        headers: {
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      { gateway: 'pesapal', label: `${init.method} ${path}`, timeoutMs },
    );

  /** Pesapal reports errors in the body (`error`, `status` other than "200"), sometimes with HTTP 200. */
  function failure(path: string, status: number, json: unknown): GatewayRequestError | undefined {
    const body = (json ?? {}) as { error?: { code?: unknown; message?: unknown } | null; status?: unknown };
    const code = body.error && typeof body.error === 'object' ? body.error.code : undefined;
    const bodyStatus = body.status === undefined || body.status === null ? '200' : String(body.status);
    if (status >= 200 && status < 300 && bodyStatus === '200' && !code) return undefined;
    const detail = [code, body.error && typeof body.error === 'object' ? body.error.message : undefined].filter(Boolean).join(': ');
    return new GatewayRequestError(
      'pesapal',
      `${path} refused (HTTP ${status}, status ${bodyStatus}${detail ? `, ${detail}` : ''})`,
      status >= 300 ? status : Number(bodyStatus) || status,
    );
  }

  async function requestToken(): Promise<string> {
    const path = '/api/Auth/RequestToken';
    const { status, json } = await send(path, {
      method: 'POST',
      body: { consumer_key: options.consumerKey, consumer_secret: options.consumerSecret },
    });
    const err = failure(path, status, json);
    const body = (json ?? {}) as { token?: unknown; expiryDate?: unknown };
    if (err || typeof body.token !== 'string' || !body.token)
      throw err ?? new GatewayRequestError('pesapal', `${path} gave no token`, status);
    const expiry = typeof body.expiryDate === 'string' ? Date.parse(body.expiryDate) : NaN;
    // No readable expiry: assume the documented 5 minutes.
    const expiresAt = Number.isFinite(expiry) ? expiry : now() + 5 * 60_000;
    cached = { token: body.token, renewAt: expiresAt - TOKEN_MARGIN_MS };
    return body.token;
  }

  function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
    pendingToken ??= requestToken().finally(() => {
      pendingToken = undefined;
    });
    return pendingToken;
  }

  async function authorised(path: string, method: 'GET' | 'POST', body?: unknown, accept?: (json: unknown) => boolean): Promise<unknown> {
    let result = await send(path, { method, body, token: await token() });
    if (result.status === 401) {
      cached = undefined;
      result = await send(path, { method, body, token: await token() });
    }
    if (result.status === 200 && accept?.(result.json)) return result.json;
    const err = failure(path, result.status, result.json);
    if (err) throw err;
    return result.json;
  }

  async function registerOrFind(url: string, type: 'GET' | 'POST'): Promise<string> {
    // Reuse an IPN registered by an earlier run of this server (or another instance) for the same URL.
    const list = await authorised('/api/URLSetup/GetIpnList', 'GET');
    const existing = Array.isArray(list)
      ? (list as Array<{ url?: unknown; ipn_id?: unknown }>).find((i) => i.url === url && typeof i.ipn_id === 'string')
      : undefined;
    if (existing) return existing.ipn_id as string;
    const registered = (await authorised('/api/URLSetup/RegisterIPN', 'POST', { url, ipn_notification_type: type })) as {
      ipn_id?: unknown;
    };
    if (typeof registered?.ipn_id !== 'string' || !registered.ipn_id)
      throw new GatewayRequestError('pesapal', 'RegisterIPN gave no ipn_id');
    return registered.ipn_id;
  }

  return {
    async submitOrder(order) {
      const json = (await authorised('/api/Transactions/SubmitOrderRequest', 'POST', order)) as Partial<PesapalSubmitOrderResponse>;
      if (
        typeof json?.order_tracking_id !== 'string' ||
        typeof json.redirect_url !== 'string' ||
        !json.order_tracking_id ||
        !json.redirect_url
      ) {
        throw new GatewayRequestError('pesapal', 'SubmitOrderRequest gave no order_tracking_id / redirect_url');
      }
      return {
        order_tracking_id: json.order_tracking_id,
        merchant_reference: String(json.merchant_reference ?? order.id),
        redirect_url: json.redirect_url,
      };
    },
    ipnIdFor(url, type) {
      const key = `${type} ${url}`;
      let id = ipnIds.get(key);
      if (!id) {
        id = registerOrFind(url, type);
        ipnIds.set(key, id);
        // A failed registration is not remembered: the next checkout tries again.
        id.catch(() => ipnIds.delete(key));
      }
      return id;
    },
    async refundRequest(body) {
      const path = '/api/Transactions/RefundRequest';
      let result = await send(path, { method: 'POST', body, token: await token() });
      if (result.status === 401) {
        cached = undefined;
        result = await send(path, { method: 'POST', body, token: await token() });
      }
      const json = (result.json ?? {}) as { status?: unknown; error?: unknown; message?: unknown };
      // The answer's `status` (documented also as `error`) says 200 received, 500 refused, whatever the HTTP status.
      const word = json.status ?? json.error;
      if (result.status >= 500 && word === undefined)
        throw new GatewayRequestError('pesapal', `${path} answered HTTP ${result.status}`, result.status);
      const message = typeof json.message === 'string' ? json.message : JSON.stringify(json.error ?? '');
      if (word === undefined)
        throw new GatewayRequestError('pesapal', `${path} answered HTTP ${result.status} without a status`, result.status);
      return { status: String(typeof word === 'object' ? ((word as { code?: unknown }).code ?? '500') : word), message, raw: result.json };
    },
    async transactionStatus(orderTrackingId) {
      // An order not paid yet is reported with status "500" and an error ("Pending Payment") next to
      // status_code 0: an answer with a status_code is an answer, whatever its envelope says.
      const hasStatusCode = (json: unknown) => typeof (json as PesapalTransactionStatus | undefined)?.status_code === 'number';
      const path = `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(orderTrackingId)}`;
      return (await authorised(path, 'GET', undefined, hasStatusCode)) as PesapalTransactionStatus;
    },
  };
}
