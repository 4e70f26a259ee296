import { priceNewVm, type Bill } from '@mawingu/contracts/pricing/bill';
import { configuredLines } from '@mawingu/contracts/pricing/configured-lines';
import { paysInUsd } from '@mawingu/contracts/pricing/currency';
import type { SpecificationRow } from '@mawingu/contracts/catalog';
import type { VmProductDetails } from '@mawingu/contracts/purchase';

export type Sizes = { memory: number; processor: number; disk: number };
export type SizeKey = keyof Sizes;

/** Which size a specification row sets (Memory, Processor, Disk); other rows are not sliders of the order. */
export function sizeKeyOf(row: Pick<SpecificationRow, 'specificationName'>): SizeKey | null {
  const name = row.specificationName.trim().toLowerCase();
  return name === 'memory' || name === 'processor' || name === 'disk' ? name : null;
}

/** The sliders in the product's order (sequence). */
export function slidersOf(details: VmProductDetails): (SpecificationRow & { key: SizeKey })[] {
  return [...details.vmSpec]
    .sort((a, b) => a.sequence - b.sequence)
    .flatMap((row) => {
      const key = sizeKeyOf(row);
      return key ? [{ ...row, key }] : [];
    });
}

/** A value on the slider: within min–max and on the step grid from min. */
export function onSlider(row: Pick<SpecificationRow, 'minValue' | 'maxValue' | 'size'>, value: number): number {
  const step = Math.max(row.size, 1);
  const clamped = Math.min(Math.max(value, row.minValue), row.maxValue);
  return row.minValue + Math.floor((clamped - row.minValue) / step) * step;
}

/** Spec: memory selects the processor count from the RAM → CPU ranges (start <= value <= end); null where none covers it. */
export function processorForMemory(ranges: VmProductDetails['ramCpuDependecy'], memory: number): number | null {
  return ranges.find((r) => r.ramStartLimit <= memory && memory <= r.ramEndLimit)?.cpuCount ?? null;
}

/** The product's default sizes, on their sliders, with the processor the memory selects. */
export function initialSizes(details: VmProductDetails): Sizes {
  const sizes: Sizes = {
    memory: details.VMProductDetail.vm_RAM_Count,
    processor: details.VMProductDetail.vm_CPU_Count,
    disk: details.VMProductDetail.vm_Driver_Count,
  };
  for (const row of slidersOf(details)) sizes[row.key] = onSlider(row, row.specificationCount);
  return withMemory(details, sizes, sizes.memory);
}

/** A configuration to reopen (a saved item's View): sizes, region and time period, each optional. */
export type Reopened = { sizes: Sizes; regionId: number | null; days: number | null };

/**
 * Where the configurator starts: the product's defaults, or what the query asks for (a saved
 * configuration, `paths.productDetails` `ConfigurationQuery`). Each asked value counts only when the product offers it: sizes go onto their
 * sliders, a region or period the product no longer sells is left unchosen.
 */
export function startingPoint(details: VmProductDetails, search: URLSearchParams): Reopened {
  const asked = (name: string) => {
    const value = Number(search.get(name) ?? '');
    return Number.isInteger(value) && value > 0 ? value : null;
  };
  const sizes = initialSizes(details);
  const wanted: Record<SizeKey, number | null> = { memory: asked('ram'), processor: asked('cpu'), disk: asked('disk') };
  for (const row of slidersOf(details)) {
    const value = wanted[row.key];
    if (value !== null) sizes[row.key] = onSlider(row, value);
  }
  const regionId = asked('region');
  const days = asked('days');
  return {
    sizes,
    regionId: details.country.some((c) => c.countryID === regionId) ? regionId : null,
    days: details.timePeriod.some((p) => p.TimePeriod === days) ? days : null,
  };
}

/** Sizes after the memory slider moved: the processor follows where a range covers the memory. */
export function withMemory(details: VmProductDetails, sizes: Sizes, memory: number): Sizes {
  const processor = processorForMemory(details.ramCpuDependecy, memory);
  return { ...sizes, memory, processor: processor ?? sizes.processor };
}

/** Spec: the specification table is hidden for the Node Weaver and Open Nebula products. */
export function hidesSpecificationTable(details: VmProductDetails): boolean {
  const special = ['node weaver', 'open nebula'];
  const product = details.VMProductDetail;
  return [product.serviceType, product.productName].some((name) => special.includes(name.trim().toLowerCase()));
}

/** Until a period is chosen the bill shows 30 days (the catalogue's price period). */
export const DEFAULT_BILL_DAYS = 30;

/**
 * The Total Value bill: the server's own pricing engine (configuredLines + priceNewVm), so the
 * figures equal the order's to the cent. Tax, and what it is charged on (the seller's choice), are
 * the chosen region's (else the product's first region).
 */
export function billOf(details: VmProductDetails, sizes: Sizes, regionId: number | null, days: number | null): Bill {
  const region = details.country.find((c) => c.countryID === regionId);
  const lines = configuredLines(
    details.vmSpec.map((row) => ({ name: row.specificationName, unit: row.specificationUnit, costPerUnit: row.costPerUnit })),
    sizes,
    details.discount,
  );
  const taxBase = (region ?? details.country[0])?.vatOnDiscountedPrice === 1 ? 'discounted-price' : 'list-price';
  return priceNewVm({ lines, days: days ?? DEFAULT_BILL_DAYS, taxPercent: region?.taxValue ?? details.VMProductDetail.taxValue, taxBase });
}

/** What Buy Now does (spec section 4, "Buy Now outcomes"). */
export type BuyNowOutcome =
  { kind: 'bypass' } | { kind: 'none' } | { kind: 'one'; gateway: string; askUsd: boolean } | { kind: 'choose'; gateways: string[] };

export function buyNowOutcome(gateways: readonly string[], byPassflag: 0 | 1, currency: string): BuyNowOutcome {
  if (byPassflag === 1) return { kind: 'bypass' };
  if (gateways.length === 0) return { kind: 'none' };
  if (gateways.length === 1) return { kind: 'one', gateway: gateways[0]!, askUsd: paysInUsd(currency, gateways[0]) };
  return { kind: 'choose', gateways: [...gateways] };
}
