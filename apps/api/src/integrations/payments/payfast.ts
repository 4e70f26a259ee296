import { formatAmount, sameAmount } from './amount.ts';
import { sameDigest } from './constant-time.ts';
import { encodePairs, field, toFormPairs, type FormPairs } from './form-encoding.ts';
import {
  absoluteOrigin,
  GatewayRequestError,
  GatewayVerificationError,
  type CheckoutRequest,
  type CheckoutStart,
  type ClaimedReference,
  type GatewayInput,
  type PaymentGateway,
  type PaymentStatus,
  type VerifiedPayment,
  type VerificationFailure,
} from './payment-gateway.ts';
import { checkoutSignature, itnSignature, orderedCheckoutFields } from './payfast-signature.ts';
import { createPayFastRefunds, PAYFAST_API_URL } from './payfast-refunds.ts';
import { createPayFastSourceCheck, type SourceCheck } from './payfast-source.ts';

/**
 * PayFast (protocols.md §1): a signed checkout form post to /eng/process, then an ITN to notify_url
 * that is trusted only after signature, merchant, source, reference, amount and PayFast's own
 * /eng/query/validate answer "VALID". The browser's return_url carries nothing verifiable, so there
 * is no verifyReturn: the result page waits for the ITN.
 */
export type PayFastConfig = {
  merchantId: string;
  merchantKey: string;
  /** Set when the merchant account has one; then every signature includes it. */
  passphrase?: string;
  /**
   * Where the browser posts the checkout: https://www.payfast.co.za, https://sandbox.payfast.co.za, a
   * fake, or a path (the local sandbox, posted to on the payer's own site, whichever company's it is).
   */
  baseUrl: string;
  /** Where this server calls /eng/query/validate (defaults to baseUrl; differs only when the fake is reached another way). */
  serverBaseUrl?: string;
  /** Sandbox account: payments are test transactions (proforma invoices). */
  sandbox: boolean;
  /**
   * The REST API refunds go to (ADR 0127): https://api.payfast.co.za for the live host, none for
   * PayFast's sandbox (refunds are production-only), the fake itself for any other host.
   */
  apiUrl?: string;
  /** Require ITNs to come from PayFast's addresses. Off for the local fake. */
  checkSourceIp: boolean;
  sourceCheck?: SourceCheck;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** Where refunds are sent for a server base URL (undefined: PayFast's sandbox, which has no refunds). */
export function payfastRefundApi(serverBase: string): string | undefined {
  if (/^https:\/\/www\.payfast\.co\.za$/.test(serverBase)) return PAYFAST_API_URL;
  if (/^https:\/\/sandbox\.payfast\.co\.za$/.test(serverBase)) return undefined;
  return /^https?:\/\//.test(serverBase) ? serverBase : undefined;
}

const STATUS: Record<string, PaymentStatus> = { COMPLETE: 'paid', FAILED: 'failed', PENDING: 'pending', CANCELLED: 'cancelled' };

export function createPayFastGateway(config: PayFastConfig): PaymentGateway {
  const doFetch = config.fetch ?? fetch;
  const base = config.baseUrl.replace(/\/+$/, '');
  const serverBase = (config.serverBaseUrl ?? config.baseUrl).replace(/\/+$/, '');
  const sourceCheck = config.sourceCheck ?? createPayFastSourceCheck();
  const refuse = (reason: VerificationFailure, detail: string) => new GatewayVerificationError('payfast', reason, detail);
  const refundApi = config.apiUrl ?? payfastRefundApi(serverBase);
  const refunds = refundApi
    ? createPayFastRefunds({ merchantId: config.merchantId, passphrase: config.passphrase, apiUrl: refundApi, fetch: config.fetch })
    : undefined;

  function readItn(input: GatewayInput): FormPairs {
    const pairs = toFormPairs(input.body);
    if (!pairs || !field(pairs, 'signature') || !field(pairs, 'm_payment_id') || !field(pairs, 'pf_payment_id')) {
      throw refuse('malformed', 'not a PayFast ITN (signature, m_payment_id or pf_payment_id missing)');
    }
    return pairs;
  }

  async function confirmWithPayFast(pairs: FormPairs): Promise<void> {
    const body = encodePairs(pairs.filter(([name]) => name !== 'signature'));
    let answer: string;
    try {
      const res = await doFetch(`${serverBase}/eng/query/validate`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(config.timeoutMs ?? 10_000),
      });
      answer = (await res.text()).trim();
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
    } catch (error) {
      throw refuse('unavailable', `validate call failed: ${(error as Error).message}`);
    }
    if (answer !== 'VALID') throw refuse('validation', `PayFast answered ${JSON.stringify(answer.slice(0, 40))}`);
  }

  return {
    name: 'payfast',
    checkoutFormOrigin: absoluteOrigin(base),

    async startCheckout(req: CheckoutRequest): Promise<CheckoutStart> {
      if (req.currency !== 'ZAR') throw new GatewayRequestError('payfast', `PayFast takes ZAR only, not ${req.currency}`);
      const fields = orderedCheckoutFields({
        merchant_id: config.merchantId,
        merchant_key: config.merchantKey,
        return_url: req.returnUrl,
        cancel_url: req.cancelUrl,
        notify_url: req.notifyUrl,
        name_first: req.customer.firstName.slice(0, 100),
        name_last: req.customer.lastName.slice(0, 100),
        email_address: req.customer.email.slice(0, 100),
        // PayFast refuses a checkout with a cell number that is not South African, so only those go.
        ...(req.customer.phone && /^0\d{9}$/.test(req.customer.phone) ? { cell_number: req.customer.phone } : {}),
        m_payment_id: req.reference,
        amount: formatAmount(req.amount),
        item_name: req.description.slice(0, 100),
        custom_str1: req.orderId,
      });
      fields.push(['signature', checkoutSignature(fields, config.passphrase)]);
      return { kind: 'form-post', action: `${base}/eng/process`, fields };
    },

    identify(input): ClaimedReference {
      const pairs = readItn(input);
      return { orderReference: field(pairs, 'm_payment_id'), gatewayReference: field(pairs, 'pf_payment_id') };
    },

    async verifyNotification(input): Promise<VerifiedPayment> {
      const pairs = readItn(input);
      const { expected } = input;
      if (!sameDigest(itnSignature(pairs, config.passphrase), field(pairs, 'signature') ?? '')) {
        throw refuse('signature', 'ITN signature does not match');
      }
      if (field(pairs, 'merchant_id') !== config.merchantId) {
        throw refuse('merchant', `ITN is for merchant ${field(pairs, 'merchant_id') ?? '(none)'}`);
      }
      if (config.checkSourceIp && !(await sourceCheck(input.sourceIp))) {
        throw refuse('source', `ITN from ${input.sourceIp ?? 'an unknown address'}, not a PayFast host`);
      }
      const orderReference = field(pairs, 'm_payment_id')!;
      if (orderReference !== expected.orderReference) {
        throw refuse('reference', `ITN is for ${orderReference}, expected ${expected.orderReference}`);
      }
      const amount = field(pairs, 'amount_gross') ?? '';
      if (!sameAmount(amount, expected.amount)) {
        throw refuse('amount', `amount_gross ${amount} differs from the expected ${expected.amount}`);
      }
      if (expected.currency !== 'ZAR') throw refuse('currency', `PayFast pays in ZAR, expected ${expected.currency}`);
      const gatewayStatus = field(pairs, 'payment_status') ?? '';
      const status = STATUS[gatewayStatus];
      if (!status) throw refuse('status', `unknown payment_status ${JSON.stringify(gatewayStatus)}`);
      await confirmWithPayFast(pairs);
      return {
        gateway: 'payfast',
        orderReference,
        gatewayReference: field(pairs, 'pf_payment_id')!,
        status,
        gatewayStatus,
        amount: formatAmount(amount),
        currency: 'ZAR',
        test: config.sandbox,
        raw: pairs,
      };
    },

    ...(refunds ? { refund: refunds.refund } : {}),

    acknowledge(_input, outcome) {
      // PayFast re-sends until it gets a 200; a refused ITN would be refused again, so it gets 200 too.
      return outcome === 'retry' ? { status: 503, body: 'try again' } : { status: 200, body: '' };
    },
  };
}
