import { Money, formatCents, nonNegative, type DecimalInput } from './money.ts';

/** Spec section 9: 1 ZAR = 0.063 USD unless the operator configures another rate. */
export const DEFAULT_ZAR_TO_USD_RATE = '0.063';
/** The gateway name the spec special-cases: it cannot take ZAR. */
export const PAYPAL_GATEWAY = 'Paypal Payment';

/** ZAR through the PayPal-type gateway is charged in USD (after the currency dialog). */
export function paysInUsd(currency: string, gatewayName: string | null | undefined): boolean {
  return currency.trim().toUpperCase() === 'ZAR' && gatewayName === PAYPAL_GATEWAY;
}

function rateOf(rate: DecimalInput): Money {
  const r = nonNegative(rate, 'rate');
  if (r.isZero()) throw new RangeError('rate: must be above 0');
  return r;
}

/** amount × rate, half-up to the cent. */
export function toUsd(amount: DecimalInput, rate: DecimalInput = DEFAULT_ZAR_TO_USD_RATE): string {
  return formatCents(nonNegative(amount, 'amount').times(rateOf(rate)));
}

export type UsdTotals = { currency: 'USD'; price: string; tax: string; discount: string; arrears: string; total: string };

/**
 * A bill's figures in USD: price, tax, discount and arrears each converted and rounded, and the
 * payable amount their sum (spec: "payable being converted price plus converted tax"), so the USD
 * figures add up to the cent too. Lines stay in the order's currency; the PayPal order is one item
 * of the payable amount.
 */
export function totalsInUsd(
  totals: { price: string; tax: string; discount?: string; arrears?: string },
  rate: DecimalInput = DEFAULT_ZAR_TO_USD_RATE,
): UsdTotals {
  const price = toUsd(totals.price, rate);
  const tax = toUsd(totals.tax, rate);
  const discount = toUsd(totals.discount ?? '0', rate);
  const arrears = toUsd(totals.arrears ?? '0', rate);
  const total = Money.max(0, new Money(price).plus(tax).plus(arrears).minus(discount));
  return { currency: 'USD', price, tax, discount, arrears, total: formatCents(total) };
}
