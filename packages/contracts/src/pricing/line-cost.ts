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
  return lineAmount(
    nonNegative(input.costPerUnit, `${field}.costPerUnit`),
    count(input.count, `${field}.count`),
    wholeNumber(input.days, 'days'),
  );
}

/** lineCost on inputs already checked (a bill checks each once). */
export function lineAmount(costPerUnit: Money, units: Money, days: Money): Money {
  return toCents(costPerUnit.times(units).times(days).dividedBy(DAYS_PER_PRICE_PERIOD));
}
