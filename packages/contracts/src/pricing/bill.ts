import { discountOn } from './discount.ts';
import { lineAmount } from './line-cost.ts';
import { count, formatCents, nonNegative, wholeNumber, type DecimalInput, type QuantityInput } from './money.ts';
import { settle, type TaxBase, type Totals } from './totals.ts';

/** One specification of the configurator (Memory, Disk, Processor) as the catalogue prices it. */
export type SpecLineInput = {
  name: string;
  unit: string;
  /** product_specs.cost_per_unit: one unit for 30 days. */
  costPerUnit: DecimalInput;
  count: QuantityInput;
  /** The category discount for this line (see discountPercentFor), 0 when absent. */
  discountPercent?: DecimalInput;
};

/** A line as the bill and the invoice show it: item, size and price. */
export type BillLine = { name: string; unit: string; count: number; amount: string };

export type Bill = Totals & { lines: BillLine[] };

export type NewVmInput = {
  lines: readonly SpecLineInput[];
  /** The chosen time period in days. */
  days: number;
  /** The region's VAT, e.g. "15.00" (ZA) or "16.00" (KE). */
  taxPercent: DecimalInput;
  /** The region seller's tax base; the spec's list price when absent. */
  taxBase?: TaxBase;
};

/**
 * The Total Value bill of a new VM, and the amounts the server recomputes for CreateOrder: each line
 * costPerUnit × count × days / 30 half-up; tax on the pre-discount price (or, where the seller
 * chose so, on the discounted price); discount from the lines' category percentages; total = price +
 * tax − discount.
 */
export function priceNewVm(input: NewVmInput): Bill {
  const days = wholeNumber(input.days, 'days');
  const priced = input.lines.map((line, i) => {
    const units = count(line.count, `lines[${i}].count`);
    return { line, units, amount: lineAmount(nonNegative(line.costPerUnit, `lines[${i}].costPerUnit`), units, days) };
  });
  const discount = discountOn(priced.map(({ line, amount }) => ({ amount, discountPercent: line.discountPercent })));
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
      discount,
      input.taxBase,
    ),
  };
}
