import { count, nonNegative, toCents, wholeNumber, type DecimalInput, type Money, type QuantityInput } from './money.ts';

/** Catalogue prices are per 30 days; a time period of N days costs N/30 of that (spec section 9). */
export const DAYS_PER_PRICE_PERIOD = 30;

export type LineCostInput = {
  /** Price of one unit (GB, core) for 30 days, as in product_specs.cost_per_unit. */
  costPerUnit: DecimalInput;
  count: QuantityInput;
  days: number;
};

/**
 * One bill line: costPerUnit × count × days / 30, half-up to the cent. Multiplied out before the one
 * division so nothing is rounded twice.
 */
export function lineCost(input: LineCostInput, field = 'line'): Money {
  const unit = nonNegative(input.costPerUnit, `${field}.costPerUnit`);
  const units = count(input.count, `${field}.count`);
  const days = wholeNumber(input.days, 'days');
  return toCents(unit.times(units).times(days).dividedBy(DAYS_PER_PRICE_PERIOD));
}
