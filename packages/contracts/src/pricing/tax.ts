import { ONE_HUNDREDTH, percent, toCents, type DecimalInput, type Money } from './money.ts';

/**
 * Tax on the price before discount (ruling), rounded half-up once on the sum of the rounded lines,
 * not per line: the invoice then shows one tax figure that is exactly price × rate to the cent.
 */
export function taxOn(price: Money, taxPercent: DecimalInput): Money {
  return toCents(price.times(percent(taxPercent, 'taxPercent')).times(ONE_HUNDREDTH));
}
