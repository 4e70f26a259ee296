import { Money } from '@mawingu/contracts/pricing/money';

const cents = (value: Money) => value.toDecimalPlaces(2, Money.ROUND_HALF_UP);

/** What an invoice still holds: its total and VAT less those of its credit notes. */
export function uncreditedOf(invoice: { total: string; tax: string }, notes: { total: string; vat: string }[]) {
  let total = new Money(invoice.total);
  let vat = new Money(invoice.tax);
  for (const note of notes) {
    total = total.minus(note.total);
    vat = vat.minus(note.vat);
  }
  return { total, vat };
}

/**
 * A credit of `amount` (VAT included) split into its amount excluding VAT and its VAT (ADR 0117):
 * the invoice's own VAT share, half-up to the cent; a credit of all that is left takes exactly the
 * VAT that is left, so the credit notes of an invoice add up to its total and VAT to the cent.
 */
export function splitCredit(amount: Money, invoice: { total: string; tax: string }, left: { total: Money; vat: Money }) {
  const total = cents(amount);
  const vat = total.equals(left.total)
    ? left.vat
    : cents(total.times(invoice.tax).dividedBy(new Money(invoice.total).isZero() ? 1 : invoice.total));
  return { total: total.toFixed(2), vat: vat.toFixed(2), amountExclVat: total.minus(vat).toFixed(2) };
}

/**
 * What goes back through the gateway for a refund of `amount` when the attempt charged another
 * currency (PayPal's USD): the same rate the payment used, half-up to the cent, and never more than
 * the charge not yet refunded; the refund that brings the refunds up to the invoice's whole total
 * (`last`) takes all that is left of it.
 */
export function chargedRefundOf(amount: Money, rate: string | null, leftCharged: Money, last: boolean): Money {
  if (last || rate === null) return last ? leftCharged : Money.min(amount, leftCharged);
  return Money.min(cents(amount.times(rate)), leftCharged);
}
