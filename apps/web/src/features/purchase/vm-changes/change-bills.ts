import type { Bill } from '@mawingu/contracts/pricing/bill';
import { clonePeriodOf, clonePrice } from '@mawingu/contracts/pricing/clone';
import { snapshotPrice } from '@mawingu/contracts/pricing/snapshot';
import { updateDelta, type UpdateBill } from '@mawingu/contracts/pricing/update';
import type { UpdateType, VmChangeDetails } from '@mawingu/contracts/vm-changes';
import type { SizeKey, Sizes } from '../configurator.ts';

/** The VM's current sizes (the bill's "available size"). */
export const currentSizesOf = (details: VmChangeDetails): Sizes => ({
  memory: details.VMProductDetail.ram_Count,
  processor: details.VMProductDetail.cpu_Count,
  disk: details.VMProductDetail.disk_Count,
});

const rowOf = (details: VmChangeDetails, key: SizeKey) => details.vmSpec.find((r) => r.specificationName.trim().toLowerCase() === key);

export const taxPercentOf = (details: VmChangeDetails) => details.country[0]?.taxValue ?? details.VMProductDetail.taxValue;
export const currencyOf = (details: VmChangeDetails) => details.country[0]?.currency ?? details.VMProductDetail.currency;

/**
 * The update page's bill with the server's engine: RamAndCpu lists the lines whose size changed;
 * Disk is one Disk line from 0 to the added size. Prorated over the VM's remaining days.
 */
export function updateBillOf(details: VmChangeDetails, mode: UpdateType, sizes: Sizes, addDiskGb: number): UpdateBill {
  const current = currentSizesOf(details);
  const line = (key: SizeKey, fromCount: number, toCount: number) => {
    const row = rowOf(details, key);
    return {
      name: row?.specificationName ?? key,
      unit: row?.specificationUnit ?? '',
      costPerUnit: row?.costPerUnit ?? '0',
      fromCount,
      toCount,
    };
  };
  const lines =
    mode === 'Disk'
      ? [line('disk', 0, addDiskGb)]
      : (['processor', 'memory', 'disk'] as const).map((key) => line(key, current[key], sizes[key]));
  return updateDelta({
    lines,
    remainingDays: details.remainingDays,
    taxPercent: taxPercentOf(details),
  });
}

/** A clone's bill (hourly rate × hours of the period × duration) or a snapshot's (disk × drive cost); null until a clone's choices are made. */
export function backupBillOf(details: VmChangeDetails, kind: 'Clone' | 'Snapshot', duration: number, type: string): Bill | null {
  const product = details.VMProductDetail;
  const taxPercent = taxPercentOf(details);
  if (kind === 'Snapshot') {
    return snapshotPrice({
      diskCount: product.disk_Count,
      driveCostPerUnit: product.drive_Cost_PerUnit,
      diskUnit: product.disk_Unit,
      taxPercent,
    });
  }
  const period = clonePeriodOf(type);
  if (!period || duration <= 0) return null;
  const current = currentSizesOf(details);
  const lines = (['processor', 'memory', 'disk'] as const).map((key) => {
    const row = rowOf(details, key);
    return {
      name: row?.specificationName ?? key,
      unit: row?.specificationUnit ?? '',
      costPerUnit: row?.costPerUnit ?? '0',
      count: current[key],
    };
  });
  return clonePrice({ lines, period, durationCount: duration, taxPercent });
}
