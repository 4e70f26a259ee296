import type { Bill, SpecLineInput } from './bill.ts';
import { count, formatCents, nonNegative, toCents, wholeNumber, type DecimalInput } from './money.ts';
import { settle } from './totals.ts';

/** Hours in one backup period of a clone (spec section 9); a month is 720 hours = 30 days. */
export const CLONE_PERIOD_HOURS = { daily: 24, weekly: 168, monthly: 720 } as const;
export type ClonePeriod = keyof typeof CLONE_PERIOD_HOURS;
/** costPerUnit is a 30-day price: its hourly rate is costPerUnit / 720 (ruling). */
export const HOURS_PER_PRICE_PERIOD = 720;

/** The clone type as the page or payload spells it ("Daily", "weekly", …), or null if it is none of them. */
export function clonePeriodOf(text: string | null | undefined): ClonePeriod | null {
  const key = (text ?? '').trim().toLowerCase();
  return Object.hasOwn(CLONE_PERIOD_HOURS, key) ? (key as ClonePeriod) : null;
}

/** The days a clone is kept: its duration counts periods (2 weekly = 14 days). */
export const cloneDays = (period: ClonePeriod, durationCount: number): number => (CLONE_PERIOD_HOURS[period] / 24) * durationCount;

export type CloneInput = {
  /** The VM's Processor, Memory and Disk at their current counts and catalogue unit costs. */
  lines: readonly Omit<SpecLineInput, 'discountPercent'>[];
  period: ClonePeriod;
  /** How many periods the clone is kept (the clone duration chosen on the page). */
  durationCount: number;
  taxPercent: DecimalInput;
};

/**
 * A clone's bill: per line costPerUnit / 720 × hours of the period × durationCount × count,
 * multiplied out before the one division and rounded half-up per line; tax as for a new VM; no
 * discount (the clone bill has none).
 */
export function clonePrice(input: CloneInput): Bill {
  const hours = wholeNumber(input.durationCount, 'durationCount').times(CLONE_PERIOD_HOURS[input.period]);
  const priced = input.lines.map((line, i) => {
    const units = count(line.count, `lines[${i}].count`);
    const amount = toCents(
      nonNegative(line.costPerUnit, `lines[${i}].costPerUnit`).times(units).times(hours).dividedBy(HOURS_PER_PRICE_PERIOD),
    );
    return { line, units, amount };
  });
  return {
    lines: priced.map(({ line, units, amount }) => ({
      name: line.name,
      unit: line.unit,
      count: units.toNumber(),
      amount: formatCents(amount),
    })),
    ...settle(
      priced.map((p) => p.amount),
      input.taxPercent,
    ),
  };
}
