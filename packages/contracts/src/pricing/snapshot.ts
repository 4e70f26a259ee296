import type { Bill } from './bill.ts';
import { count, formatCents, nonNegative, toCents, type DecimalInput, type QuantityInput } from './money.ts';
import { settle } from './totals.ts';

export type SnapshotInput = {
  diskCount: QuantityInput;
  /** The product's Disk cost per unit (the spec's drive_Cost_PerUnit). */
  driveCostPerUnit: DecimalInput;
  diskUnit?: string;
  taxPercent: DecimalInput;
};

/** A snapshot's bill: one Disk line, disk count × drive cost per unit (no days scaling), plus tax. */
export function snapshotPrice(input: SnapshotInput): Bill {
  const disks = count(input.diskCount, 'diskCount');
  const amount = toCents(nonNegative(input.driveCostPerUnit, 'driveCostPerUnit').times(disks));
  return {
    lines: [{ name: 'Disk', unit: input.diskUnit ?? 'GB', count: disks.toNumber(), amount: formatCents(amount) }],
    ...settle([amount], input.taxPercent),
  };
}
