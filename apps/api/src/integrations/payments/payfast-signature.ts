import { createHash } from 'node:crypto';
import { encodePairs, phpUrlencode, type FormPairs } from './form-encoding.ts';

/**
 * PayFast MD5 signatures (protocols.md §1.3 and §1.4). The two differ on purpose:
 * - checkout: non-blank fields only (values trimmed), in the documented field order;
 * - ITN: every posted field up to `signature`, blanks included, in the order received.
 * Both append `&passphrase=…` when the merchant set one.
 */

/** The documented checkout field order (PF-DOCS tables; PF-SDK list). `setup` is never signed. */
export const PAYFAST_CHECKOUT_ORDER = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'notify_method',
  'fica_idnumber',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'currency',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;

export type PayFastCheckoutField = (typeof PAYFAST_CHECKOUT_ORDER)[number];

function md5(text: string): string {
  return createHash('md5').update(text, 'utf8').digest('hex');
}

function withPassphrase(paramString: string, passphrase: string | undefined): string {
  const p = passphrase?.trim();
  return p ? `${paramString}&passphrase=${phpUrlencode(p)}` : paramString;
}

/** The checkout fields to post, trimmed, blanks dropped, in the documented order. */
export function orderedCheckoutFields(fields: Partial<Record<PayFastCheckoutField, string>>): FormPairs {
  const pairs: FormPairs = [];
  for (const name of PAYFAST_CHECKOUT_ORDER) {
    const value = fields[name]?.trim();
    if (value) pairs.push([name, value]);
  }
  return pairs;
}

/** The string the checkout signature is the MD5 of (exposed for tests and the fake's error page). */
export function checkoutParamString(pairs: FormPairs, passphrase?: string): string {
  const signed = pairs.filter(([name, value]) => name !== 'signature' && name !== 'setup' && value.trim() !== '');
  return withPassphrase(encodePairs(signed.map(([n, v]) => [n, v.trim()])), passphrase);
}

export function checkoutSignature(pairs: FormPairs, passphrase?: string): string {
  return md5(checkoutParamString(pairs, passphrase));
}

/** Fields of an ITN up to (not including) `signature`, blanks kept, in received order. */
export function itnSignedPairs(pairs: FormPairs): FormPairs {
  const end = pairs.findIndex(([name]) => name === 'signature');
  return end === -1 ? pairs : pairs.slice(0, end);
}

export function itnParamString(pairs: FormPairs, passphrase?: string): string {
  return withPassphrase(encodePairs(itnSignedPairs(pairs)), passphrase);
}

export function itnSignature(pairs: FormPairs, passphrase?: string): string {
  return md5(itnParamString(pairs, passphrase));
}
