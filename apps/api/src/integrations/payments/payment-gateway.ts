import type { GatewayKey } from '@mawingu/contracts/purchase';

/**
 * The one port every payment gateway adapter (PayFast, Ozow, Pesapal, PayPal) implements.
 *
 * The adapters only speak the gateway's protocol: build the checkout, and turn an incoming
 * notification / browser return into a VerifiedPayment — or refuse it with a reason. They never touch
 * orders or the database; the payments module records every raw event (gateway_events), looks up what
 * it expects, and marks an order paid only from a VerifiedPayment with status 'paid', once.
 *
 * Flow for the caller (payments/orders module):
 *   1. `startCheckout(req)` → send the browser to the form post or redirect; keep `gatewayReference`
 *      (when given) on the payment attempt.
 *   2. On a notification or return: `identify(input)` reads — WITHOUT trusting it — which attempt the
 *      message claims to be about; load that attempt; then `verifyNotification` / `verifyReturn`
 *      with `expected` from the attempt. Anything refused throws GatewayVerificationError.
 *   3. Answer the gateway with `acknowledge(...)` (each protocol wants a different reply).
 */

export type Currency = 'ZAR' | 'KES' | 'USD';

export type CheckoutRequest = {
  /** Our order id (internal). */
  orderId: string;
  /** Unique per payment attempt; what the gateway echoes back (m_payment_id, TransactionReference, …). */
  reference: string;
  /** Decimal string with exactly 2 decimals, e.g. "1250.00". Never a float. */
  amount: string;
  currency: Currency;
  description: string;
  customer: { email: string; firstName: string; lastName: string; phone?: string };
  /** Browser lands here after a successful payment (gateway may append its own query/form fields). */
  returnUrl: string;
  /** Browser lands here after the payer cancels. */
  cancelUrl: string;
  /** Browser lands here after a failed payment; gateways without an error url use cancelUrl. */
  errorUrl?: string;
  /** Server-to-server notification (ITN / notify / IPN) endpoint. */
  notifyUrl: string;
};

export type CheckoutStart =
  /** Render an auto-submitting HTML form: POST `fields` (in this order) to `action`. */
  | { kind: 'form-post'; action: string; fields: Array<[string, string]> }
  /** Send the browser to `url`; `gatewayReference` (e.g. PayPal order id, Pesapal tracking id) identifies the attempt later. */
  | { kind: 'redirect'; url: string; gatewayReference?: string };

export type PaymentStatus = 'paid' | 'failed' | 'cancelled' | 'pending';

export type VerifiedPayment = {
  gateway: GatewayKey;
  /** Our attempt reference (CheckoutRequest.reference) as confirmed by the gateway. */
  orderReference: string;
  /** The gateway's transaction id (pf_payment_id, Ozow TransactionId, …); the idempotency key for events. */
  gatewayReference: string;
  status: PaymentStatus;
  /** The gateway's own status word, kept for history/reporting (COMPLETE, Complete, COMPLETED, …). */
  gatewayStatus: string;
  /** Decimal string, 2 decimals, as confirmed (already checked equal to expected when status is 'paid'). */
  amount: string;
  currency: string;
  /** A sandbox/test transaction (Ozow IsTest, PayFast sandbox…): invoice is a proforma. */
  test: boolean;
  /** The message exactly as received (parsed), for gateway_events. */
  raw: unknown;
};

/**
 * What arrived over HTTP, untouched. `body`: for form posts pass the RAW urlencoded string when you
 * can (PayFast signs fields in received order); an ordered [name, value][] list or a plain object also
 * work. JSON gateways take the parsed JSON.
 */
export type GatewayInput = {
  body: unknown;
  query?: Record<string, string | undefined>;
  headers: Record<string, string | string[] | undefined>;
  /** The TCP peer (or trusted proxy-forwarded) address, for gateways that check the source. */
  sourceIp?: string;
};

/** What a message CLAIMS to be about; unverified — only for loading the attempt. */
export type ClaimedReference = { orderReference?: string; gatewayReference?: string };

/** What the caller expects, loaded from its own payment attempt. */
export type ExpectedPayment = {
  orderReference: string;
  /** Known when startCheckout returned one (redirect gateways). */
  gatewayReference?: string;
  amount: string;
  currency: string;
};

export type GatewayAcknowledgement = {
  status: number;
  contentType?: string;
  body: string;
};

export interface PaymentGateway {
  readonly name: GatewayKey;
  /**
   * The origin the payer's browser posts the checkout form to (form-post gateways), which the site's
   * CSP form-action must allow. Absent for redirect gateways (the SPA navigates there, which
   * form-action does not govern) and for a form posted to the payer's own site (the local sandbox).
   */
  readonly checkoutFormOrigin?: string;
  startCheckout(req: CheckoutRequest): Promise<CheckoutStart>;
  /** Parse which attempt the message claims to concern. Throws GatewayVerificationError('malformed') if none. */
  identify(input: GatewayInput): ClaimedReference;
  /** Server-to-server notification. Throws GatewayVerificationError on anything not provably genuine. */
  verifyNotification(input: GatewayInput & { expected: ExpectedPayment }): Promise<VerifiedPayment>;
  /** Browser return (for gateways whose return carries a verifiable result, or that need a capture/status call). */
  verifyReturn?(input: GatewayInput & { expected: ExpectedPayment }): Promise<VerifiedPayment>;
  /**
   * The reply the gateway wants for a notification. 'retry' (we could not verify now, e.g. reason
   * 'unavailable', or our database failed) must make the gateway send it again. Default when absent:
   * 200 empty for accepted/refused, 503 for retry.
   */
  acknowledge?(input: GatewayInput, outcome: 'accepted' | 'refused' | 'retry'): GatewayAcknowledgement;
  /**
   * The payer came back through cancelUrl (redirect gateways: Pesapal, PayPal). The cancel URL carries
   * nothing verifiable, so the adapter asks the gateway: an attempt it reports paid stays 'paid' (never
   * cancel money that moved), failed stays 'failed', one that was never paid becomes 'cancelled'.
   */
  verifyCancel?(input: GatewayInput & { expected: ExpectedPayment }): Promise<VerifiedPayment>;
  /**
   * Where an attempt stands, asked of the gateway with no message from it (payment reconciliation job,
   * for attempts whose notification/return never came). Redirect gateways only; needs
   * expected.gatewayReference. PayPal captures an order the payer approved but never returned from.
   */
  reconcile?(expected: ExpectedPayment): Promise<VerifiedPayment>;
  /**
   * Sends money back through the gateway's refund API, where we verified one (ADR 0116, 0127):
   * PayPal's captures refund, PayFast's /refunds, Ozow's /secure/refunds/submit, Pesapal's
   * RefundRequest. Absent: the payment is refunded by hand (EFT). Throws GatewayRequestError when the
   * gateway could not be asked (retry later); a refusal by the gateway is a 'failed' result.
   */
  refund?(req: RefundRequest): Promise<RefundResult>;
  /** Where a refund sent earlier stands (a pending answer); `refundId` is what `refund` answered. */
  refundStatus?(refundId: string, req: RefundRequest): Promise<RefundResult>;
  /** A refund's result sent to us by the gateway (Ozow's refund notification): what it claims, unverified. */
  identifyRefund?(input: GatewayInput): { refundId: string } | undefined;
  /** Verifies a refund notification (hash, refund and transaction ids, amount) and reads its result. */
  verifyRefundNotification?(input: GatewayInput, expected: ExpectedRefund): RefundResult;
}

/** Money back for a paid attempt (ADR 0116): part or all of what it charged, in its charged currency. */
export type RefundRequest = {
  /** The gateway's id of the paid attempt (PayPal order id, pf_payment_id, Ozow TransactionId, Pesapal OrderTrackingId). */
  gatewayReference: string;
  /** Ours and unique per refund: the gateway's idempotency key where it has one, so a retried call refunds once. */
  reference: string;
  /** Decimal string with 2 decimals, in `currency` (what the attempt charged). */
  amount: string;
  currency: string;
  /** Shown to the payer by the gateway (the credit note's number and reason). */
  note: string;
  /** What the attempt charged, in `currency`. */
  paid?: string;
  /** Our reference of the paid attempt (Ozow lists refunds by it). */
  paymentReference?: string;
  /** This payment's earlier refunds through the gateway that did not fail, in `currency`. */
  refundedBefore?: string;
  /** The gateway's ids of this payment's other refunds: never taken for this one when looking for a lost answer. */
  otherRefundIds?: string[];
  /** An earlier send of this refund got no answer: it may have reached the gateway. */
  resend?: boolean;
  /** When the refund was made (Ozow lists refunds by day). */
  createdAt?: Date;
  /** Where the gateway sends the refund's result, for gateways that notify (Ozow). */
  notifyUrl?: string;
};

export type RefundResult = {
  status: 'completed' | 'pending' | 'failed';
  /** The gateway's refund id ('' when the gateway gives none). */
  refundId: string;
  gatewayStatus: string;
  /** A refusal in plain words for the operator ("Pesapal refunds a mobile-money payment only in full."). */
  refusal?: string;
  raw: unknown;
};

/** A refund the gateway refused (or that cannot be asked for): no refund id, the refusal in plain words. */
export const refundRefused = (refusal: string, gatewayStatus: string, raw: unknown): RefundResult => ({
  status: 'failed',
  refundId: '',
  gatewayStatus,
  refusal,
  raw,
});

/** What a refund notification must match: the refund row's own record. */
export type ExpectedRefund = { refundId: string; gatewayReference: string; amount: string; currency: string };

export type VerificationFailure =
  | 'malformed' // required fields missing / unparsable
  | 'signature' // signature / hash does not match
  | 'merchant' // message is for another merchant / site
  | 'source' // request did not come from the gateway's hosts
  | 'reference' // reference does not match the expected attempt
  | 'amount' // amount differs from the expected amount (to the cent)
  | 'currency'
  | 'status' // unknown status word
  | 'validation' // the gateway's own server-to-server confirmation said no
  | 'unavailable'; // could not reach the gateway to confirm (retry later; not a forgery)

/** A message that must not change anything. `reason` is for logs and gateway_events; never shown to payers. */
export class GatewayVerificationError extends Error {
  constructor(
    readonly gateway: GatewayKey,
    readonly reason: VerificationFailure,
    detail: string,
  ) {
    super(`${gateway}: ${reason}: ${detail}`);
    this.name = 'GatewayVerificationError';
  }
}

/** The gateway refused or failed a call we made (token, create order…). Retryable; the payer sees a generic message. */
export class GatewayRequestError extends Error {
  constructor(
    readonly gateway: GatewayKey,
    detail: string,
    readonly httpStatus?: number,
  ) {
    super(`${gateway}: ${detail}`);
    this.name = 'GatewayRequestError';
  }
}

/** The origin of an absolute http(s) URL; undefined for a path on the payer's own site. */
export function absoluteOrigin(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  return new URL(url).origin;
}
