import { fill, messages } from '@mawingu/contracts/messages';
import { updateDelta, type UpdateBill } from '@mawingu/contracts/pricing/update';
import { MAX_ADDED_DISKS } from '../../../integrations/hypervisors/hypervisor.ts';
import type { UpdateVm } from '@mawingu/contracts/vm-changes';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import { chosenGateway, checkAmounts, refuse } from './change-checks.ts';
import type { ProductSpec, SpecName, VmContext } from './vm-context.ts';

const LABELS: Record<SpecName, string> = {
  processor: 'Processor',
  memory: 'Memory',
  disk: 'Disk',
};

/** What a paid update does to the VM (order_vms.details). */
export type UpdateDetails = {
  updateType: 'RamAndCpu' | 'Disk';
  cpu: number;
  ramGb: number;
  diskGb: number;
  addDiskGb: number;
};

export type UpdateQuote = {
  bill: UpdateBill;
  /** Unit cost of each bill line, in the bill's order (frozen on the order lines). */
  rates: string[];
  details: UpdateDetails;
  gateway: GatewayKey | null;
  bypass: boolean;
};

const onSlider = (value: number, spec: ProductSpec) =>
  value >= spec.minValue && value <= spec.maxValue && (value - spec.minValue) % Math.max(spec.step, 1) === 0;

/** RamAndCpu: each new size on its slider (the current size always allowed), RAM → CPU, the disk never shrinks. */
function checkResize(input: UpdateVm, ctx: VmContext): UpdateDetails {
  const { vm } = ctx;
  const chosen: Record<SpecName, { field: string; value: number; current: number }> = {
    processor: {
      field: 'processorCount',
      value: input.processorCount,
      current: vm.cpu,
    },
    memory: { field: 'ramCount', value: input.ramCount, current: vm.ramGb },
    disk: { field: 'diskCount', value: input.diskCount, current: vm.diskGb },
  };
  const errors: Record<string, string> = {};
  for (const name of ['processor', 'memory', 'disk'] as const) {
    const { field, value, current } = chosen[name];
    const spec = ctx.specOf(name);
    if (value !== current && !onSlider(value, spec)) {
      errors[field] = fill(messages.sizeOutOfRange, {
        field: LABELS[name],
        min: String(spec.minValue),
        max: String(spec.maxValue),
        step: String(spec.step),
      });
    }
  }
  if (input.diskCount < vm.diskGb)
    errors.diskCount = fill(messages.diskCannotShrink, {
      size: String(vm.diskGb),
    });
  const changedCpuOrRam = input.processorCount !== vm.cpu || input.ramCount !== vm.ramGb;
  const range = ctx.terms.ramCpuRangesOf(ctx.product.row.id).find((r) => r.ramFrom <= input.ramCount && input.ramCount <= r.ramTo);
  if (changedCpuOrRam && range && input.processorCount !== range.cpuCount) {
    errors.processorCount ??= fill(messages.processorForMemory, {
      count: String(range.cpuCount),
      memory: `${input.ramCount} ${ctx.specOf('memory').unit}`,
    });
  }
  if (Object.keys(errors).length) refuse(400, errors);
  return {
    updateType: 'RamAndCpu',
    cpu: input.processorCount,
    ramGb: input.ramCount,
    diskGb: input.diskCount,
    addDiskGb: 0,
  };
}

/** Disk: one more disk of diskCount GB (a step of the Disk slider up to its maximum), at most two added. */
function checkAddDisk(input: UpdateVm, ctx: VmContext): UpdateDetails {
  const { vm } = ctx;
  if (ctx.addedDisks.length >= MAX_ADDED_DISKS) refuse(400, { diskCount: messages.maxTwoDisks });
  const spec = ctx.specOf('disk');
  const step = Math.max(spec.step, 1);
  const size = input.diskCount;
  if (size > 0 && (size > spec.maxValue || size % step !== 0)) {
    refuse(400, {
      diskCount: fill(messages.addedDiskRange, {
        step: String(step),
        max: String(spec.maxValue),
      }),
    });
  }
  return {
    updateType: 'Disk',
    cpu: vm.cpu,
    ramGb: vm.ramGb,
    diskGb: vm.diskGb,
    addDiskGb: size,
  };
}

/**
 * Prices an updateVM payload: only the lines that change, the difference prorated over the VM's
 * remaining days (ruling); an added disk is a Disk line from 0 to its size. Nothing changed → 400.
 */
export function quoteUpdate(input: UpdateVm, ctx: VmContext): UpdateQuote {
  const details = input.updateType === 'Disk' ? checkAddDisk(input, ctx) : checkResize(input, ctx);
  const { vm } = ctx;
  const line = (name: SpecName, fromCount: number, toCount: number) => {
    const spec = ctx.specOf(name);
    return {
      name: spec.name,
      unit: spec.unit,
      costPerUnit: spec.costPerUnit,
      fromCount,
      toCount,
    };
  };
  const lines =
    details.updateType === 'Disk'
      ? [line('disk', 0, details.addDiskGb)]
      : [line('processor', vm.cpu, details.cpu), line('memory', vm.ramGb, details.ramGb), line('disk', vm.diskGb, details.diskGb)];
  const bill = updateDelta({
    lines,
    remainingDays: ctx.remainingDays,
    taxPercent: ctx.region.taxPercent,
  });
  if (bill.lines.length === 0)
    refuse(400, {
      [details.updateType === 'Disk' ? 'diskCount' : 'ramCount']: messages.updateNothingChanged,
    });
  const bypass = ctx.terms.bypass;
  const gateway = chosenGateway(input.paymentGateway, ctx.terms.gatewaysIn(ctx.region.id), bypass);
  checkAmounts(input, bill, ctx.region.currency);
  const rates = bill.lines.map((l) => String(lines.find((x) => x.name === l.name)!.costPerUnit));
  return { bill, rates, details, gateway, bypass };
}
