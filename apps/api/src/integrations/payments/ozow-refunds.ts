import { createHash } from 'node:crypto';
import { formatAmount, sameAmount } from './amount.ts';
import { sameDigest } from './constant-time.ts';
import { field, toFormPairs, type FormPairs } from './form-encoding.ts';
import { callGateway } from './gateway-call.ts';
import {
  GatewayRequestError,
  GatewayVerificationError,
  refundRefused,
  type ExpectedRefund,
  type GatewayInput,
  type RefundRequest,
  type RefundResult,
} from './payment-gateway.ts';

/**
 * Ozow's Refund API (hub.ozow.com "Refunds integration", steps 1–4 and "List refunds"; Ozow's
 * WooCommerce plugin; ADR 0127), on https://api.ozow.com (staging https://stagingapi.ozow.com):
 *   POST /token  form grant_type=password & SiteCode, header ApiKey → {access_token, expires_in};
 *   POST /secure/refunds/submit  Bearer token, a JSON array of {TransactionId, Amount, RefundReason,
 *        NotifyUrl, HashCheck}; HashCheck = SHA-512 of TransactionId, Amount, RefundReason, NotifyUrl
 *        and the private key, concatenated and lower-cased; answers [{refundId, transactionId,
 *        refundAmount, errors}] (errors: refused, no refundId);
 *   GET  /secure/refunds/getrefunds?RefundDate=yyyy/MM/dd  the site's refunds of a day, with status.
 * Refunds are paid from the merchant's refund float in batches: a submitted refund is Pending
 * (Submitted once batched) until Ozow posts the result (Complete, Failed, Cancelled, Returned) to
 * NotifyUrl as a form with RefundId, TransactionId, CurrencyCode, Amount, Status, BankName,
 * AccountNumber, StatusMessage and Hash (SHA-512 of those values and the private key, lower-cased).
 * Ozow has no idempotency key: a refund whose answer was lost is looked for in the day's list first.
 */
export type OzowRefundsConfig = {
  siteCode: string;
  privateKey: string;
  apiKey: string;
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  now?: () => number;
};

/** Ozow's refund states, by word and by number (hub.ozow.com step 3 "Status types"). */
const STATES: Record<string, RefundResult['status']> = {
  Pending: 'pending',
  Submitted: 'pending',
  Complete: 'completed',
  Failed: 'failed',
  Cancelled: 'failed',
  Returned: 'failed',
  Invalid: 'failed',
  '0': 'pending',
  '2': 'pending',
  '1': 'completed',
  '3': 'failed',
  '4': 'failed',
  '5': 'failed',
  '-1': 'failed',
};
const WORDS: Record<string, string> = {
  '0': 'Pending',
  '1': 'Complete',
  '2': 'Submitted',
  '3': 'Failed',
  '4': 'Cancelled',
  '5': 'Returned',
  '-1': 'Invalid',
};

/** The refund notification's fields in hash order (the Hash itself excluded). */
export const OZOW_REFUND_NOTIFY_ORDER = [
  'RefundId',
  'TransactionId',
  'CurrencyCode',
  'Amount',
  'Status',
  'BankName',
  'AccountNumber',
  'StatusMessage',
] as const;

const sha512 = (text: string) => createHash('sha512').update(text.toLowerCase(), 'utf8').digest('hex');

export function ozowRefundHashCheck(transactionId: string, amount: string, reason: string, notifyUrl: string, privateKey: string): string {
  return sha512(`${transactionId}${amount}${reason}${notifyUrl}${privateKey}`);
}

export function ozowRefundNotifyHash(pairs: FormPairs, privateKey: string): string {
  return sha512(OZOW_REFUND_NOTIFY_ORDER.map((name) => field(pairs, name) ?? '').join('') + privateKey);
}

/** The fields of a refund notification (a form, or the query string). */
function refundPairsOf(input: GatewayInput): FormPairs | undefined {
  const pairs = toFormPairs(input.body);
  if (pairs && field(pairs, 'RefundId')) return pairs;
  const query = Object.entries(input.query ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
  return field(query, 'RefundId') ? query : undefined;
}

/** Which refund a notification claims to be about (protocol only: no account needed, nothing trusted). */
export function identifyOzowRefund(input: GatewayInput): { refundId: string } | undefined {
  const pairs = refundPairsOf(input);
  const refundId = pairs && field(pairs, 'RefundId');
  return refundId ? { refundId } : undefined;
}

type Listed = { id?: unknown; status?: unknown; amount?: unknown; transactionReference?: unknown };

export function createOzowRefunds(config: OzowRefundsConfig) {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiUrl.replace(/\/+$/, '');
  const now = config.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;

  const send = (path: string, init: RequestInit) =>
    callGateway(`${base}${path}`, init, {
      gateway: 'ozow',
      label: `${init.method ?? 'GET'} ${path}`,
      answerLabel: path,
      timeoutMs: config.timeoutMs ?? 30_000,
      fetch: doFetch,
    });

  async function token(): Promise<string> {
    if (cached && now() < cached.renewAt) return cached.token;
    const { status, json } = await send('/token', {
      method: 'POST',
      headers: { ApiKey: config.apiKey, accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', SiteCode: config.siteCode }).toString(),
    });
    const body = (json ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (status !== 200 || typeof body.access_token !== 'string')
      throw new GatewayRequestError('ozow', `token refused (HTTP ${status})`, status);
    const seconds = Number(body.expires_in);
    cached = { token: body.access_token, renewAt: now() + (Number.isFinite(seconds) ? seconds : 300) * 1000 - 60_000 };
    return body.access_token;
  }

  /** A call with the bearer token; a 401 drops the token and tries once more with a new one. */
  async function authorised(path: string, init: RequestInit): Promise<{ status: number; json: unknown }> {
    const headers = (t: string) => ({
      ...(init.headers as Record<string, string>),
      authorization: `Bearer ${t}`,
      accept: 'application/json',
    });
    let answer = await send(path, { ...init, headers: headers(await token()) });
    if (answer.status === 401) {
      cached = undefined;
      answer = await send(path, { ...init, headers: headers(await token()) });
    }
    if (answer.status !== 200) throw new GatewayRequestError('ozow', `${path} answered HTTP ${answer.status}`, answer.status);
    return answer;
  }

  const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10).replaceAll('-', '/');
  /** The refunds listed on the day it was made, in UTC and in South African time (+02:00), and today. */
  async function listed(at: Date): Promise<Listed[]> {
    const days = [...new Set([dayOf(at.getTime()), dayOf(at.getTime() + 2 * 3_600_000), dayOf(now())])];
    const rows: Listed[] = [];
    for (const day of days) {
      const { json } = await authorised(`/secure/refunds/getrefunds?RefundDate=${encodeURIComponent(day)}`, { method: 'GET' });
      if (Array.isArray(json)) rows.push(...(json as Listed[]).filter((r) => !rows.some((x) => x.id === r.id)));
    }
    return rows;
  }
  const resultOf = (row: Listed, raw: unknown): RefundResult => {
    const word = String(row.status ?? '');
    return { status: STATES[word] ?? 'pending', refundId: String(row.id ?? ''), gatewayStatus: WORDS[word] ?? word, raw };
  };

  async function refund(req: RefundRequest): Promise<RefundResult> {
    if (req.resend) {
      // The first send may have reached Ozow: a refund of this payment and amount we do not know yet is that one.
      const others = new Set(req.otherRefundIds ?? []);
      const found = (await listed(req.createdAt ?? new Date(now()))).find(
        (r) =>
          typeof r.id === 'string' &&
          !others.has(r.id) &&
          r.transactionReference === req.paymentReference &&
          sameAmount(Number(r.amount).toFixed(2), req.amount),
      );
      if (found) return resultOf(found, { found });
    }
    const amount = formatAmount(req.amount);
    const reason = req.note.slice(0, 500);
    const notifyUrl = req.notifyUrl ?? '';
    const item = {
      TransactionId: req.gatewayReference,
      Amount: Number(amount),
      RefundReason: reason,
      NotifyUrl: notifyUrl,
      HashCheck: ozowRefundHashCheck(req.gatewayReference, amount, reason, notifyUrl, config.privateKey),
    };
    const { json } = await authorised('/secure/refunds/submit', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([item]),
    });
    const answer = (Array.isArray(json) ? json[0] : undefined) as { refundId?: unknown; errors?: unknown } | undefined;
    const errors = Array.isArray(answer?.errors) ? answer.errors.map(String).filter(Boolean) : [];
    if (typeof answer?.refundId === 'string' && answer.refundId && errors.length === 0)
      return { status: 'pending', refundId: answer.refundId, gatewayStatus: 'Pending', raw: json };
    if (!answer) throw new GatewayRequestError('ozow', 'refunds/submit gave no answer for the refund');
    const why = errors.join('; ').replace(/\.+$/, '') || 'no reason given';
    return refundRefused(`Ozow refused the refund: ${why}.`, 'REFUSED', json);
  }

  async function refundStatus(refundId: string, req: RefundRequest): Promise<RefundResult> {
    const row = (await listed(req.createdAt ?? new Date(now()))).find((r) => r.id === refundId);
    return row ? resultOf(row, { listed: row }) : { status: 'pending', refundId, gatewayStatus: 'NOT_LISTED', raw: null };
  }

  function verifyRefundNotification(input: GatewayInput, expected: ExpectedRefund): RefundResult {
    const refuse = (reason: 'malformed' | 'signature' | 'reference' | 'amount' | 'currency' | 'status', detail: string) =>
      new GatewayVerificationError('ozow', reason, detail);
    const pairs = refundPairsOf(input);
    const hash = pairs && field(pairs, 'Hash');
    if (!pairs || !hash) throw refuse('malformed', 'not an Ozow refund notification (RefundId or Hash missing)');
    if (!sameDigest(hash.toLowerCase(), ozowRefundNotifyHash(pairs, config.privateKey)))
      throw refuse('signature', 'refund Hash does not match');
    if (field(pairs, 'RefundId') !== expected.refundId || field(pairs, 'TransactionId') !== expected.gatewayReference)
      throw refuse('reference', 'refund or transaction id is not the refund we sent');
    if (!sameAmount(field(pairs, 'Amount') ?? '', expected.amount)) throw refuse('amount', `refund amount ${field(pairs, 'Amount')}`);
    if ((field(pairs, 'CurrencyCode') ?? '') !== expected.currency)
      throw refuse('currency', `refund currency ${field(pairs, 'CurrencyCode')}`);
    const word = field(pairs, 'Status') ?? '';
    if (!STATES[word]) throw refuse('status', `refund status ${word}`);
    const message = field(pairs, 'StatusMessage');
    return {
      status: STATES[word]!,
      refundId: expected.refundId,
      gatewayStatus: WORDS[word] ?? word,
      ...(STATES[word] === 'failed' ? { refusal: `Ozow could not pay the refund (${word}${message ? `: ${message}` : ''}).` } : {}),
      raw: pairs,
    };
  }

  return { refund, refundStatus, verifyRefundNotification };
}
