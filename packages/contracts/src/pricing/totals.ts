import { Money, formatCents, sum, type DecimalInput } from './money.ts';
import { taxOn } from './tax.ts';

/** The four figures every bill ends with, as 2-decimal strings. */
export type Totals = { price: string; tax: string; discount: string; total: string };

/**
 * What VAT is charged on: the spec's list price before the discount (the default), or the price
 * after it, the consideration actually charged, where the seller chose so
 * (docs/decisions/0126-vat-on-the-discounted-price.md).
 */
export type TaxBase = 'list-price' | 'discounted-price';

/**
 * price = Σ rounded lines; tax on that price (or on price − discount, see TaxBase); total = price +
 * tax − discount, all already in cents, so the invoice adds up to the cent. A total is never
 * negative (a discount is at most the price; the floor at zero is a guard, not a rule that ever bites).
 */
export function settle(
  lineAmounts: readonly Money[],
  taxPercent: DecimalInput,
  discount: Money = new Money(0),
  taxBase: TaxBase = 'list-price',
): Totals {
  const price = sum(lineAmounts);
  const tax = taxOn(taxBase === 'discounted-price' ? price.minus(discount) : price, taxPercent);
  const total = Money.max(new Money(0), price.plus(tax).minus(discount));
  return { price: formatCents(price), tax: formatCents(tax), discount: formatCents(discount), total: formatCents(total) };
}
