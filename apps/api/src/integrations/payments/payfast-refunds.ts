import { createHash } from 'node:crypto';
import { toCents } from './amount.ts';
import { phpUrlencode } from './form-encoding.ts';
import { callGateway } from './gateway-call.ts';
import { GatewayRequestError, refundRefused, type RefundRequest, type RefundResult } from './payment-gateway.ts';

/**
 * PayFast's Refunds API (developers.payfast.co.za/api "Refunds"; the official PHP SDK's
 * Services/Refunds.php, Request.php, Auth.php; ADR 0127) on https://api.payfast.co.za, version `v1`
 * in a header, never in the path:
 *   GET  /refunds/query/{pf_payment_id}  what can be refunded: amount_original and
 *        amount_available_for_refund in cents, status REFUNDABLE, the method of a full and of a
 *        partial refund (PAYMENT_SOURCE, BANK_PAYOUT, NOT_AVAILABLE);
 *   POST /refunds/{pf_payment_id}  {amount (cents), reason (3–255), notify_buyer}; answers
 *        {code, status: "success", data: {response: true, message}} and gives no refund id.
 * Every call is signed: headers merchant-id, version, timestamp and signature = MD5 of the header,
 * query and body values with the passphrase, keys sorted, `key=urlencode(value)` joined by `&`.
 * PayFast has no idempotency key, so a refund whose answer was lost is first looked for in what the
 * query says is left: already taken off, it is done; otherwise it is sent again.
 * Refunds are production-only (the SDK refuses them in sandbox mode): no adapter on the sandbox host.
 */
export type PayFastRefundsConfig = {
  merchantId: string;
  passphrase?: string;
  /** https://api.payfast.co.za or the fake. */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => Date;
};

export const PAYFAST_API_URL = 'https://api.payfast.co.za';

type Answer = { status: number; json: Record<string, unknown> | undefined };

/** The API signature (SDK Auth::generateApiSignature): every signed value, the passphrase, keys sorted. */
export function payfastApiSignature(values: Record<string, string>, passphrase?: string): string {
  const all: Record<string, string> = { ...values };
  if (passphrase?.trim()) all.passphrase = passphrase.trim();
  const text = Object.keys(all)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${phpUrlencode(all[k]!)}`)
    .join('&');
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** ISO-8601 with an offset, as PayFast asks (YYYY-MM-DDTHH:MM:SS+00:00). */
const timestampOf = (d: Date) => `${d.toISOString().slice(0, 19)}+00:00`;
const rands = (cents: number) => `R${(cents / 100).toFixed(2)}`;

export function createPayFastRefunds(config: PayFastRefundsConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');
  const now = config.now ?? (() => new Date());

  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, string | number>): Promise<Answer> {
    const headers: Record<string, string> = { 'merchant-id': config.merchantId, version: 'v1', timestamp: timestampOf(now()) };
    const signed = { ...headers, ...Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, String(v)])) };
    const answer = await callGateway(
      `${base}${path}`,
      {
        method,
        headers: {
          ...headers,
          signature: payfastApiSignature(signed, config.passphrase),
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      },
      {
        gateway: 'payfast',
        label: `${method} ${path}`,
        timeoutMs: config.timeoutMs ?? 30_000,
        fetch: doFetch,
        refuse: (status) => status === 429 || status >= 500,
      },
    );
    return { status: answer.status, json: answer.json as Answer['json'] };
  }

  const messageOf = (json: Answer['json']) => {
    const data = json?.data as { message?: unknown } | undefined;
    return typeof data?.message === 'string' ? data.message : typeof json?.status === 'string' ? json.status : 'no reason given';
  };

  async function refund(req: RefundRequest): Promise<RefundResult> {
    const id = encodeURIComponent(req.gatewayReference);
    const amount = Number(toCents(req.amount) ?? 0n);
    const before = Number(toCents(req.refundedBefore ?? '0') ?? 0n);
    const query = await call('GET', `/refunds/query/${id}`);
    if (query.status !== 200)
      return refundRefused(`PayFast could not find this payment to refund: ${messageOf(query.json)}.`, `HTTP ${query.status}`, query.json);
    const info = ((query.json?.data as { response?: unknown } | undefined)?.response ?? query.json ?? {}) as Record<string, unknown>;
    const original = Number(info.amount_original);
    const available = Number(info.amount_available_for_refund);
    if (!Number.isFinite(original) || !Number.isFinite(available)) throw new GatewayRequestError('payfast', 'refund query gave no amounts');
    // A send whose answer was lost: PayFast already took it off what is left.
    if (req.resend && available <= original - before - amount)
      return { status: 'completed', refundId: '', gatewayStatus: 'COMPLETE (found by refund query)', raw: { query: query.json } };
    if (info.status !== 'REFUNDABLE')
      return refundRefused(`PayFast says this payment cannot be refunded (${String(info.status)}).`, String(info.status), query.json);
    if (amount > available)
      return refundRefused(`PayFast can refund at most ${rands(available)} of this payment.`, 'AMOUNT_EXCEEDED', query.json);
    const full = amount === original && before === 0;
    const method = ((full ? info.refund_full : info.refund_partial) as { method?: unknown } | undefined)?.method;
    if (method !== 'PAYMENT_SOURCE') {
      const refusal =
        method === 'BANK_PAYOUT'
          ? 'PayFast refunds this payment only to a bank account, whose details we do not hold.'
          : `PayFast offers no ${full ? 'full' : 'partial'} refund of this payment.`;
      return refundRefused(refusal, String(method ?? 'NOT_AVAILABLE'), query.json);
    }
    const reason = req.note.length >= 3 ? req.note.slice(0, 255) : `Refund ${req.reference}`;
    const made = await call('POST', `/refunds/${id}`, { amount, reason, notify_buyer: 1 });
    const data = made.json?.data as { response?: unknown } | undefined;
    if (made.status === 200 && made.json?.status === 'success' && data?.response === true)
      return { status: 'completed', refundId: '', gatewayStatus: 'SUCCESS', raw: { query: query.json, refund: made.json } };
    return refundRefused(`PayFast refused the refund: ${messageOf(made.json).replace(/\.+$/, '')}.`, `HTTP ${made.status}`, made.json);
  }

  return { refund };
}
