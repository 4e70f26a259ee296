import type { TransactionUpdateRequest } from '@mawingu/contracts/payments';
import { transactionCallOf, type TransactionUpdateCall } from '../../api/payments/transaction-update.ts';
import type { PendingPayment } from '../../lib/storage/pending-payment.ts';
import { OZOW_RETURN_FIELDS } from '@mawingu/contracts/payment-return-fields';

/** How the browser came back (the payments API fixes each gateway's return address). */
export type ReturnGateway = 'ozow' | 'bypass' | 'payfast' | 'pesapal' | 'paypal';

/** Spec names of the gateways, as the stored payment mode and the transaction update carry them. */
export const GATEWAY_NAMES: Record<ReturnGateway, string> = {
  ozow: 'Ozow Payment',
  bypass: 'Bypass',
  payfast: 'PayFast Payment',
  pesapal: 'Pesapal Payment',
  paypal: 'Paypal Payment',
};

/** The gateways' own names, for people; bypass has none. */
export const GATEWAY_LABELS: Partial<Record<ReturnGateway, string>> = {
  ozow: 'Ozow',
  payfast: 'PayFast',
  pesapal: 'Pesapal',
  paypal: 'PayPal',
};

/** What a result page posts: the call for the purchase kind and the fields read from the return. */
export type ReturnRequest = { gateway: ReturnGateway; call: TransactionUpdateCall; kind: number; body: TransactionUpdateRequest };

const PESAPAL_FIELDS = ['OrderTrackingId', 'OrderMerchantReference', 'OrderNotificationType'] as const;

type Where = {
  pathname: string;
  search: URLSearchParams;
  /** Route parameters: commingFrom (generic, PayFast), tranRef and option3 (PayPal, Pesapal). */
  params: { commingFrom?: string; tranRef?: string; option3?: string };
  pending: PendingPayment | null;
};

function pick(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name);
    if (value !== null) fields[name] = value;
  }
  return fields;
}

const kindOf = (value: string | undefined, pending: PendingPayment | null) => {
  const kind = Number.parseInt(value ?? '', 10);
  return Number.isInteger(kind) && kind >= 1 && kind <= 5 ? kind : (pending?.kind ?? 1);
};

const cancelled = (search: URLSearchParams) => (search.get('cancelled') === '1' ? { status: 'cancelled' } : {});

/**
 * Reads a result page's address into the transaction update to post, or null when there is
 * nothing to confirm (no gateway fields and no stored payment). The browser's word is never
 * proof: the server verifies every field with the gateway.
 */
export function returnRequestOf({ pathname, search, params, pending }: Where): ReturnRequest | null {
  const path = pathname.toLowerCase();
  const request = (gateway: ReturnGateway, kindValue: string | undefined, body: TransactionUpdateRequest): ReturnRequest => {
    const kind = kindOf(kindValue, pending);
    return { gateway, kind, call: transactionCallOf(kind), body };
  };

  if (path.startsWith('/transaction-status-payfast/')) {
    const reference = search.get('ref') ?? pending?.reference;
    if (!reference) return null;
    return request('payfast', params.commingFrom, {
      TransactionReference: reference,
      paymentMode: GATEWAY_NAMES.payfast,
      ...cancelled(search),
    });
  }
  if (path.startsWith('/transaction-status-pesapal/')) {
    return request('pesapal', params.option3, {
      TransactionReference: params.tranRef,
      ...pick(search, PESAPAL_FIELDS),
      paymentMode: GATEWAY_NAMES.pesapal,
      ...cancelled(search),
    });
  }
  if (path.startsWith('/transaction-status-paypal/')) {
    return request('paypal', params.option3, {
      TransactionReference: params.tranRef,
      ...pick(search, ['token', 'PayerID']),
      paymentMode: GATEWAY_NAMES.paypal,
      ...cancelled(search),
    });
  }

  const ozow = pick(search, OZOW_RETURN_FIELDS);
  if (Object.keys(ozow).length > 0) return request('ozow', params.commingFrom, { ...ozow, paymentMode: GATEWAY_NAMES.ozow });
  if (!pending) return null;
  return request('bypass', params.commingFrom, {
    orderId: pending.orderId,
    TransactionReference: pending.reference,
    paymentMode: GATEWAY_NAMES.bypass,
    byPass: 1,
  });
}
