import type { FilterData, ProductFilter } from '@mawingu/contracts/catalog';

/** Nothing selected: every field 0, as the spec's filter request sends it. */
export const EMPTY_FILTER: ProductFilter = {
  operatingSystem: 0,
  virtualMachine: 0,
  processor: 0,
  memory: 0,
  disk: 0,
  region: 0,
  IPType: 0,
};

export function isEmptyFilter(filter: ProductFilter): boolean {
  return (Object.keys(EMPTY_FILTER) as (keyof ProductFilter)[]).every((key) => filter[key] === 0);
}

/** Spec: choosing an operating system resets the virtual machine choice. */
export function chooseOperatingSystem(filter: ProductFilter, os: string): ProductFilter {
  return { ...filter, operatingSystem: os === '' ? 0 : os, virtualMachine: 0 };
}

/** The virtual machines the second list offers: that operating system's products, or all. */
export function virtualMachineChoices(data: FilterData, os: ProductFilter['operatingSystem']) {
  if (os === 0) return data.products;
  const wanted = os.trim().toLowerCase();
  return data.products.filter((p) => p.osType.trim().toLowerCase() === wanted);
}
