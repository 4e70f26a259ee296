import type { FilterData, ProductFilter, SpecRange } from '@mawingu/contracts/catalog';
import type { CatalogueProduct, RegionRow } from './load-catalogue.ts';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function inSection(product: CatalogueProduct, serviceName: string): boolean {
  return serviceName === 'all' || same(product.row.serviceName, serviceName);
}

/** Specification names of the filter fields (the product_specs `name` column). */
const SPEC_OF = { processor: 'Processor', memory: 'Memory', disk: 'Disk' } as const;

/**
 * The Quick Search rule: every selected field must match; 0 means "not selected". Processor,
 * memory and disk are minimums the product can be configured to (its slider reaches the value).
 */
export function matchesFilter(product: CatalogueProduct, filter: ProductFilter, regions: RegionRow[]): boolean {
  const { row } = product;
  if (filter.operatingSystem !== 0 && !same(row.osType, filter.operatingSystem)) return false;
  if (filter.virtualMachine !== 0 && row.id !== filter.virtualMachine) return false;
  if (filter.IPType !== 0 && !same(row.ipType, filter.IPType)) return false;
  for (const field of ['processor', 'memory', 'disk'] as const) {
    const wanted = filter[field];
    if (wanted === 0) continue;
    const spec = product.specs.find((s) => s.name === SPEC_OF[field]);
    if (!spec || spec.maxValue < wanted) return false;
  }
  if (filter.region !== 0) {
    // Another company's region id matches nothing.
    if (!regions.some((r) => r.id === filter.region)) return false;
    if (product.regionIds.length > 0 && !product.regionIds.includes(filter.region)) return false;
  }
  return true;
}

function rangeOf(items: CatalogueProduct[], name: string, fallbackUnit: string): SpecRange {
  const specs = items.flatMap((p) => p.specs.filter((s) => s.name === name));
  if (specs.length === 0) return { max: 0, step: 1, unit: fallbackUnit };
  return {
    max: Math.max(...specs.map((s) => s.maxValue)),
    step: Math.max(1, Math.min(...specs.map((s) => s.step))),
    unit: specs[0]!.unit,
  };
}

const distinct = (values: string[]) => [...new Set(values.map((v) => v.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));

/** The filter's choices for a section's products. */
export function filterDataOf(items: CatalogueProduct[], regions: RegionRow[]): FilterData {
  return {
    operatingSystem: distinct(items.map((p) => p.row.osType)),
    country: regions.map((r) => ({ regionID: r.id, regionName: r.name, currency: r.currency })),
    ipType: distinct(items.map((p) => p.row.ipType)),
    specs: {
      processor: rangeOf(items, SPEC_OF.processor, 'vCPU'),
      memory: rangeOf(items, SPEC_OF.memory, 'GB'),
      disk: rangeOf(items, SPEC_OF.disk, 'GB'),
    },
    products: items.map((p) => ({ productID: p.row.id, productName: p.row.name, osType: p.row.osType })),
  };
}
