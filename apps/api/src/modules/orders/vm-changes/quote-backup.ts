import { messages } from '@mawingu/contracts/messages';
import type { Bill } from '@mawingu/contracts/pricing/bill';
import { CLONE_PERIOD_HOURS, clonePeriodOf, clonePrice, type ClonePeriod } from '@mawingu/contracts/pricing/clone';
import { snapshotPrice } from '@mawingu/contracts/pricing/snapshot';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { BackupOrder } from '@mawingu/contracts/vm-changes';
import { chosenGateway, checkAmounts, refuse } from './change-checks.ts';
import type { VmContext } from './vm-context.ts';

export type BackupKind = 'clone' | 'snapshot';

/** What a paid kind-2 order makes (order_vms.details). */
export type BackupDetails = {
  backupKind: BackupKind;
  cloneDuration: number | null;
  cloneType: ClonePeriod | null;
};

export type BackupQuote = {
  bill: Bill;
  rates: string[];
  details: BackupDetails;
  /** Days the order covers: a clone's periods in days, 0 for a snapshot. */
  days: number;
  gateway: GatewayKey | null;
  bypass: boolean;
};

/** Clone proceed (spec section 5): duration present and non-zero, then a type among daily, weekly, monthly. */
function cloneChoices(
  input: BackupOrder,
  offered: readonly number[],
): {
  duration: number;
  period: ClonePeriod;
} {
  const errors: Record<string, string> = {};
  // Only a duration the clone page offers (the company's list, see purchase terms).
  if (!input.cloneDuration || !offered.includes(input.cloneDuration)) errors.cloneDuration = messages.selectDurationDays;
  const period = clonePeriodOf(input.cloneDurationType || input.cloneOptionType);
  if (!period) errors.cloneDurationType = messages.selectCloneType;
  if (Object.keys(errors).length) refuse(400, errors);
  return { duration: input.cloneDuration, period: period! };
}

/**
 * Prices a clone or snapshot payload from the VM's sizes and the product's current costs (rulings:
 * clone = costPerUnit / 720 × hours of the period × duration per line; snapshot = disk × drive cost).
 */
export function quoteBackup(kind: BackupKind, input: BackupOrder, ctx: VmContext): BackupQuote {
  const { vm, region } = ctx;
  let bill: Bill;
  let rates: string[];
  let details: BackupDetails;
  let days = 0;
  if (kind === 'clone') {
    const { duration, period } = cloneChoices(input, ctx.terms.cloneDurations);
    const specs = [ctx.specOf('processor'), ctx.specOf('memory'), ctx.specOf('disk')];
    const counts = [vm.cpu, vm.ramGb, vm.diskGb];
    bill = clonePrice({
      lines: specs.map((s, i) => ({
        name: s.name,
        unit: s.unit,
        costPerUnit: s.costPerUnit,
        count: counts[i]!,
      })),
      period,
      durationCount: duration,
      taxPercent: region.taxPercent,
    });
    rates = specs.map((s) => String(s.costPerUnit));
    details = {
      backupKind: 'clone',
      cloneDuration: duration,
      cloneType: period,
    };
    days = (CLONE_PERIOD_HOURS[period] / 24) * duration;
  } else {
    const disk = ctx.specOf('disk');
    bill = snapshotPrice({
      diskCount: vm.diskGb,
      driveCostPerUnit: disk.costPerUnit,
      diskUnit: disk.unit,
      taxPercent: region.taxPercent,
    });
    rates = [String(disk.costPerUnit)];
    details = { backupKind: 'snapshot', cloneDuration: null, cloneType: null };
  }
  const bypass = ctx.terms.bypass;
  const gateway = chosenGateway(input.paymentGateway, ctx.terms.gatewaysIn(region.id), bypass);
  checkAmounts(input, bill, region.currency);
  return { bill, rates, details, days, gateway, bypass };
}
