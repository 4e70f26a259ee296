import { formatAmount, sameAmount } from './amount.ts';
import { sameDigest } from './constant-time.ts';
import { field, toFormPairs, type FormPairs } from './form-encoding.ts';
import { requestHashCheck, responseHash } from './ozow-hash.ts';
import { createOzowRefunds, identifyOzowRefund } from './ozow-refunds.ts';
import { OZOW_API_URL } from './gateway-settings.ts';
import {
  absoluteOrigin,
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type CheckoutStart,
  type ExpectedPayment,
  type GatewayInput,
  type PaymentGateway,
  type PaymentStatus,
  type VerifiedPayment,
  type VerificationFailure,
} from './payment-gateway.ts';

/**
 * Ozow instant EFT (protocols.md §2): a form post to pay.ozow.com with a SHA-512 HashCheck; Ozow
 * sends the result to NotifyUrl (server to server) and the browser to Success/Cancel/ErrorUrl with
 * the same fields. Both are verified here by their Hash with the private key, then site, test flag,
 * reference, amount and currency; with an API key the status is re-read from GetTransaction too.
 */
export type OzowConfig = {
  siteCode: string;
  privateKey: string;
  /** Optional: enables the GetTransaction re-check of every result. */
  apiKey?: string;
  /** Browser form target: https://pay.ozow.com, a fake, or a path (the local sandbox on the payer's own site). */
  payUrl: string;
  /** Server-side API: https://api.ozow.com or the local fake. */
  apiUrl: string;
  /** Posts IsTest=true: the payer picks the outcome, no money moves (proforma invoices). */
  isTest: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const STATUS: Record<string, PaymentStatus> = {
  Complete: 'paid',
  Cancelled: 'cancelled',
  Error: 'failed',
  Abandoned: 'failed',
  PendingInvestigation: 'pending',
  Pending: 'pending',
};

type ApiTransaction = {
  transactionId?: unknown;
  transactionReference?: unknown;
  siteCode?: unknown;
  amount?: unknown;
  status?: unknown;
  currencyCode?: unknown;
  isTest?: unknown;
};

/** Ozow's BankReference: at most 20 letters, digits, spaces or dashes. */
function bankReference(reference: string): string {
  return reference.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 20);
}

export function createOzowGateway(config: OzowConfig): PaymentGateway {
  const doFetch = config.fetch ?? fetch;
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const refuse = (reason: VerificationFailure, detail: string) => new GatewayVerificationError('ozow', reason, detail);

  /** Notify posts a form; the browser return carries the fields in the query string (or a form). */
  function readResult(input: GatewayInput): FormPairs {
    let pairs = toFormPairs(input.body);
    if (!pairs || !field(pairs, 'Hash')) {
      const query = Object.entries(input.query ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string');
      pairs = query;
    }
    if (!field(pairs, 'Hash') || !field(pairs, 'TransactionReference') || !field(pairs, 'TransactionId')) {
      throw refuse('malformed', 'not an Ozow result (Hash, TransactionReference or TransactionId missing)');
    }
    return pairs;
  }

  /** GET on Ozow's API with the ApiKey header; any failure is 'unavailable' (retry later). */
  async function apiGet(path: string, query: Record<string, string>): Promise<unknown> {
    if (!config.apiKey) throw refuse('unavailable', 'no Ozow API key configured');
    try {
      const res = await doFetch(
        `${apiUrl}/${path}?${new URLSearchParams({ siteCode: config.siteCode, ...query, isTest: String(config.isTest) })}`,
        {
          headers: { ApiKey: config.apiKey, Accept: 'application/json' },
          signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
        },
      );
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      return await res.json();
    } catch (error) {
      throw refuse('unavailable', `${path} failed: ${(error as Error).message}`);
    }
  }

  /**
   * Ozow's own record of the transaction must be this attempt's: its reference, our site, the
   * amount and the status the message claimed. A genuine Complete transaction of another attempt
   * (same amount) must never pay this one.
   */
  async function recheck(transactionId: string, expected: ExpectedPayment, gatewayStatus: string): Promise<void> {
    if (!config.apiKey) return;
    const body = await apiGet('GetTransaction', { transactionId });
    const t = (Array.isArray(body) ? body[0] : body) as ApiTransaction | undefined;
    if (!t) throw refuse('validation', `GetTransaction knows no transaction ${transactionId}`);
    if (t.transactionId !== undefined && String(t.transactionId) !== transactionId) {
      throw refuse('validation', `GetTransaction answered transaction ${String(t.transactionId)}, asked ${transactionId}`);
    }
    if (String(t.transactionReference ?? '') !== expected.orderReference) {
      throw refuse(
        'reference',
        `GetTransaction says transaction ${transactionId} is for ${String(t.transactionReference)}, expected ${expected.orderReference}`,
      );
    }
    if (t.siteCode !== undefined && String(t.siteCode) !== config.siteCode)
      throw refuse('merchant', `GetTransaction says site ${String(t.siteCode)}`);
    if (!sameAmount(String(t.amount ?? ''), expected.amount)) {
      throw refuse('amount', `GetTransaction says amount ${String(t.amount)}, expected ${expected.amount}`);
    }
    if (t.status !== gatewayStatus)
      throw refuse('validation', `GetTransaction says ${String(t.status)}, the message said ${gatewayStatus}`);
  }

  async function verify(input: GatewayInput & { expected: ExpectedPayment }): Promise<VerifiedPayment> {
    const pairs = readResult(input);
    const { expected } = input;
    if (!sameDigest(responseHash(pairs, config.privateKey), field(pairs, 'Hash') ?? '')) {
      throw refuse('signature', 'Hash does not match');
    }
    if (field(pairs, 'SiteCode') !== config.siteCode)
      throw refuse('merchant', `result is for site ${field(pairs, 'SiteCode') ?? '(none)'}`);
    const test = field(pairs, 'IsTest')?.toLowerCase() === 'true';
    if (test && !config.isTest) throw refuse('merchant', 'a test transaction reached a live site');
    const orderReference = field(pairs, 'TransactionReference')!;
    if (orderReference !== expected.orderReference)
      throw refuse('reference', `result is for ${orderReference}, expected ${expected.orderReference}`);
    const amount = field(pairs, 'Amount') ?? '';
    if (!sameAmount(amount, expected.amount)) throw refuse('amount', `Amount ${amount} differs from the expected ${expected.amount}`);
    const currency = field(pairs, 'CurrencyCode') ?? '';
    if (currency !== expected.currency) throw refuse('currency', `CurrencyCode ${currency}, expected ${expected.currency}`);
    const gatewayStatus = field(pairs, 'Status') ?? '';
    const status = STATUS[gatewayStatus];
    if (!status) throw refuse('status', `unknown Status ${JSON.stringify(gatewayStatus)}`);
    const gatewayReference = field(pairs, 'TransactionId')!;
    await recheck(gatewayReference, expected, gatewayStatus);
    return {
      gateway: 'ozow',
      orderReference,
      gatewayReference,
      status,
      gatewayStatus,
      amount: formatAmount(amount),
      currency,
      test,
      raw: pairs,
    };
  }

  // Refunds need the API key (its token); an IsTest payment on Ozow's own host moved no money, so it has none (ADR 0127).
  const refunds =
    config.apiKey && !(config.isTest && apiUrl === OZOW_API_URL)
      ? createOzowRefunds({
          siteCode: config.siteCode,
          privateKey: config.privateKey,
          apiKey: config.apiKey,
          apiUrl,
          fetch: config.fetch,
        })
      : undefined;

  return {
    name: 'ozow',
    ...refunds,
    identifyRefund: identifyOzowRefund,
    checkoutFormOrigin: absoluteOrigin(config.payUrl),

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStart> {
      if (req.currency !== 'ZAR') throw new GatewayRequestError('ozow', `Ozow takes ZAR only, not ${req.currency}`);
      const fields: FormPairs = [
        ['SiteCode', config.siteCode],
        ['CountryCode', 'ZA'],
        ['CurrencyCode', 'ZAR'],
        ['Amount', formatAmount(req.amount)],
        ['TransactionReference', req.reference.slice(0, 50)],
        ['BankReference', bankReference(req.reference)],
        ['Optional1', req.orderId.slice(0, 50)],
        ['Customer', `${req.customer.firstName} ${req.customer.lastName}`.trim().slice(0, 100)],
        ['CancelUrl', req.cancelUrl],
        ['ErrorUrl', req.errorUrl ?? req.cancelUrl],
        ['SuccessUrl', req.returnUrl],
        ['NotifyUrl', req.notifyUrl],
        ['IsTest', String(config.isTest)],
      ];
      fields.push(['HashCheck', requestHashCheck(fields, config.privateKey)]);
      // Never part of the hash (OZ-DOCS); sent after it.
      if (req.customer.phone) fields.push(['CustomerCellphoneNumber', req.customer.phone]);
      return { kind: 'form-post', action: config.payUrl, fields };
    },

    identify(input) {
      const pairs = readResult(input);
      return { orderReference: field(pairs, 'TransactionReference'), gatewayReference: field(pairs, 'TransactionId') };
    },

    verifyNotification: verify,
    verifyReturn: verify,

    /**
     * No notification came (reconciliation job): ask GetTransactionByReference. A Complete transaction
     * wins over earlier failed tries of the same reference; otherwise the latest one counts.
     */
    async reconcile(expected): Promise<VerifiedPayment> {
      const list = await apiGet('GetTransactionByReference', { transactionReference: expected.orderReference });
      if (!Array.isArray(list)) throw refuse('malformed', 'GetTransactionByReference did not answer a list');
      // Only this attempt's transactions, whatever else the answer holds.
      const all = (list as ApiTransaction[]).filter((x) => String(x?.transactionReference ?? '') === expected.orderReference);
      const t = all.find((x) => x.status === 'Complete') ?? all.at(-1);
      if (!t) throw refuse('reference', `Ozow has no transaction for ${expected.orderReference}`);
      if (t.isTest === true && !config.isTest) throw refuse('merchant', 'a test transaction reached a live site');
      const gatewayStatus = String(t.status ?? '');
      const status = STATUS[gatewayStatus];
      if (!status) throw refuse('status', `unknown status ${JSON.stringify(gatewayStatus)}`);
      const amount = String(t.amount ?? '');
      if (!sameAmount(amount, expected.amount)) throw refuse('amount', `amount ${amount} differs from the expected ${expected.amount}`);
      const currency = String(t.currencyCode ?? 'ZAR');
      if (currency !== expected.currency) throw refuse('currency', `currency ${currency}, expected ${expected.currency}`);
      return {
        gateway: 'ozow',
        orderReference: expected.orderReference,
        gatewayReference: String(t.transactionId ?? ''),
        status,
        gatewayStatus,
        amount: formatAmount(amount),
        currency,
        test: t.isTest === true,
        raw: t,
      };
    },

    acknowledge(_input, outcome) {
      return outcome === 'retry' ? { status: 503, body: 'try again' } : { status: 200, body: '' };
    },
  };
}
