import { createHash } from 'node:crypto';
import { field, type FormPairs } from './form-encoding.ts';

/**
 * Ozow HashCheck / Hash (protocols.md §2.3, §2.4): the values (no names, no separators) in the
 * documented order, then the private key, all lower-cased, SHA-512, lower-case hex (128 chars).
 */

/** Request fields in hash order (OZ-DOCS post-variables table). CustomerCellphoneNumber is never hashed. */
export const OZOW_REQUEST_ORDER = [
  'SiteCode',
  'CountryCode',
  'CurrencyCode',
  'Amount',
  'TransactionReference',
  'BankReference',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'Customer',
  'CancelUrl',
  'ErrorUrl',
  'SuccessUrl',
  'NotifyUrl',
  'IsTest',
] as const;

/** Response (redirect and notify) fields in hash order; `Customer` may be posted but is not hashed. */
export const OZOW_RESPONSE_ORDER = [
  'SiteCode',
  'TransactionId',
  'TransactionReference',
  'Amount',
  'Status',
  'Optional1',
  'Optional2',
  'Optional3',
  'Optional4',
  'Optional5',
  'CurrencyCode',
  'IsTest',
  'StatusMessage',
] as const;

export function ozowHash(values: string[], privateKey: string): string {
  return createHash('sha512')
    .update((values.join('') + privateKey).toLowerCase(), 'utf8')
    .digest('hex');
}

/** Values of `order` taken from `pairs` (missing ones contribute an empty string). */
export function valuesInOrder(pairs: FormPairs, order: readonly string[]): string[] {
  return order.map((name) => field(pairs, name) ?? '');
}

export function requestHashCheck(pairs: FormPairs, privateKey: string): string {
  return ozowHash(valuesInOrder(pairs, OZOW_REQUEST_ORDER), privateKey);
}

export function responseHash(pairs: FormPairs, privateKey: string): string {
  return ozowHash(valuesInOrder(pairs, OZOW_RESPONSE_ORDER), privateKey);
}
