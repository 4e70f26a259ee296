import type { ChargedPayment } from '@mawingu/contracts/invoices';
import { rateText } from '@mawingu/contracts/pricing/rate-text';

/** What a payment attempt recorded when it started: the amount and currency the gateway charged, and the rate. */
export type ChargedAttempt = { amount: string; currency: string; exchangeRate: string | null };

/**
 * The payment as charged, when the gateway took another currency than the order's (a ZAR order
 * through PayPal is charged in USD): the attempt's figures as recorded at payment time, never
 * recomputed (ADR 0096). Null when it was charged in the order's own currency.
 */
export function chargedOf(orderCurrency: string, attempt: ChargedAttempt | null | undefined): ChargedPayment | null {
  if (!attempt || attempt.currency.trim().toUpperCase() === orderCurrency.trim().toUpperCase()) return null;
  return {
    currencyCode: attempt.currency,
    amount: attempt.amount,
    rate: attempt.exchangeRate === null ? null : rateText(attempt.exchangeRate),
  };
}
