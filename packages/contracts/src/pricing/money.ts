import Decimal from 'decimal.js';

/**
 * Decimal arithmetic for money. A private constructor (not the global Decimal) so neither the SPA
 * nor the API can change its settings by accident: 40 significant digits keep divisions by 30 or
 * 720 exact far beyond the cent for any amount a numeric(14,2) column holds, and half-up is the
 * only rounding the pricing rulings know.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = InstanceType<typeof Money>;

/** Money, rates and percentages come in as decimal strings (numeric columns) or Decimals, never floats. */
export type DecimalInput = string | Decimal;
/** Counts and days are small whole quantities: a number is exact for them. */
export type QuantityInput = number | string | Decimal;

/** Bad pricing input (negative, not a number, out of range); the field names what was wrong. */
export class PricingInputError extends RangeError {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'PricingInputError';
  }
}

function parse(value: QuantityInput, field: string): Money {
  let d: Money;
  try {
    d = new Money(value);
  } catch {
    throw new PricingInputError(field, `not a number (${String(value)})`);
  }
  if (!d.isFinite()) throw new PricingInputError(field, `not a finite number (${String(value)})`);
  return d;
}

/** A non-negative decimal amount, rate or count. Numbers are refused for money so no float slips in. */
export function nonNegative(value: DecimalInput, field: string): Money {
  if (typeof value !== 'string' && !Decimal.isDecimal(value)) {
    throw new PricingInputError(field, 'money, rates and percentages must be decimal strings');
  }
  const d = parse(value, field);
  if (d.isNegative() && !d.isZero()) throw new PricingInputError(field, 'must not be negative');
  return d;
}

/** A non-negative count (units of a specification). */
export function count(value: QuantityInput, field: string): Money {
  const d = parse(value, field);
  if (d.isNegative() && !d.isZero()) throw new PricingInputError(field, 'must not be negative');
  return d;
}

/** A whole, non-negative number: days, days extended, clone recurrences. */
export function wholeNumber(value: number, field: string): Money {
  if (!Number.isInteger(value) || value < 0) throw new PricingInputError(field, 'must be a whole number of at least 0');
  return new Money(value);
}

/** A percentage from 0 to 100. */
export function percent(value: DecimalInput, field: string): Money {
  const d = nonNegative(value, field);
  if (d.greaterThan(100)) throw new PricingInputError(field, 'must be at most 100');
  return d;
}

/** Half-up to the cent: the one rounding step every bill figure goes through. */
export function toCents(value: Money): Money {
  return value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The wire form of an amount: two decimals, never exponent notation, never "-0.00". */
export function formatCents(value: Money): string {
  // toFixed rounds half-up itself (Money's rounding mode), so no separate toCents pass.
  return value.isZero() ? '0.00' : value.toFixed(2);
}

/** x / 100 by multiplication: exact, and a quarter of the cost of a 40-digit division. */
export const ONE_HUNDREDTH = new Money('0.01');

export function sum(values: readonly Money[]): Money {
  return values.reduce((total, v) => total.plus(v), new Money(0));
}

/**
 * Whether a client-sent amount equals the server's to the cent ("120", "120.0" and "120.00" agree).
 * Anything that is not a decimal number does not match.
 */
export function sameAmount(sent: string | number, computed: string): boolean {
  let d: Money;
  try {
    d = new Money(sent);
  } catch {
    return false;
  }
  return d.isFinite() && d.decimalPlaces() <= 2 && d.equals(new Money(computed));
}
