import type { SpecLineInput } from './bill.ts';
import { DAYS_PER_PRICE_PERIOD } from './line-cost.ts';
import { Money, count, formatCents, nonNegative, toCents, wholeNumber, type DecimalInput, type QuantityInput } from './money.ts';
import { settle, type Totals } from './totals.ts';

export type UpdateLineInput = Omit<SpecLineInput, 'count' | 'discountPercent'> & {
  /** The VM's current size (the bill's "available size"). */
  fromCount: QuantityInput;
  /** The size chosen on the update page ("updated size"). */
  toCount: QuantityInput;
};

export type UpdateInput = {
  lines: readonly UpdateLineInput[];
  /** Whole days left until the VM's end date; the difference is charged for these only. */
  remainingDays: number;
  taxPercent: DecimalInput;
};

export type UpdateLine = { name: string; unit: string; fromCount: number; toCount: number; difference: number; amount: string };
export type UpdateBill = Totals & { lines: UpdateLine[] };

/**
 * An update (resize) bill: only the lines whose count changed, each costPerUnit × (to − from) ×
 * remainingDays / 30, half-up per line; tax on their sum; no discount. A line that shrinks costs 0.00
 * and earns no credit: the spec knows no refunds (its FAQ: none for a returned VM), so lowering a
 * resource is free and an update never pays money back.
 */
export function updateDelta(input: UpdateInput): UpdateBill {
  const days = wholeNumber(input.remainingDays, 'remainingDays');
  const changed = input.lines
    .map((line, i) => {
      const from = count(line.fromCount, `lines[${i}].fromCount`);
      const to = count(line.toCount, `lines[${i}].toCount`);
      const unit = nonNegative(line.costPerUnit, `lines[${i}].costPerUnit`);
      const difference = to.minus(from);
      const charged = Money.max(difference, 0);
      return { line, from, to, difference, amount: toCents(unit.times(charged).times(days).dividedBy(DAYS_PER_PRICE_PERIOD)) };
    })
    .filter((l) => !l.difference.isZero());
  return {
    lines: changed.map((l) => ({
      name: l.line.name,
      unit: l.line.unit,
      fromCount: l.from.toNumber(),
      toCount: l.to.toNumber(),
      difference: l.difference.toNumber(),
      amount: formatCents(l.amount),
    })),
    ...settle(
      changed.map((l) => l.amount),
      input.taxPercent,
    ),
  };
}
