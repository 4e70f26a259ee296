import type { SpecLineInput } from './bill.ts';
import { discountPercentFor, type CategoryDiscounts } from './discount.ts';
import { PricingInputError, type DecimalInput, type QuantityInput } from './money.ts';

/** A product's specification row as both sides hold it (product_specs on the server, vmSpec in the SPA). */
export type CatalogueSpec = { name: string; unit: string; costPerUnit: DecimalInput | null };

/** The sizes chosen on the configurator (the order payload's memory, processor and disk values). */
export type ChosenSizes = { memory: QuantityInput; processor: QuantityInput; disk: QuantityInput };

const sizeOf = new Map<string, keyof ChosenSizes>([
  ['memory', 'memory'],
  ['processor', 'processor'],
  ['disk', 'disk'],
]);

/**
 * The bill lines of a configuration: each Memory, Processor and Disk row of the catalogue with the
 * chosen count and its category discount, in the catalogue's order. The SPA's live bill and the
 * server's recomputation of CreateOrder build their lines here, so they cannot pair them differently.
 * Rows of another name are not priced (the spec's order has exactly these three).
 */
export function configuredLines(
  specs: readonly CatalogueSpec[],
  sizes: ChosenSizes,
  discounts?: CategoryDiscounts | null,
): SpecLineInput[] {
  return specs.flatMap((spec) => {
    const size = sizeOf.get(spec.name.trim().toLowerCase());
    if (!size) return [];
    if (spec.costPerUnit === null) throw new PricingInputError(`${spec.name}.costPerUnit`, 'no price for this specification');
    return [
      {
        name: spec.name,
        unit: spec.unit,
        costPerUnit: spec.costPerUnit,
        count: sizes[size],
        discountPercent: discountPercentFor(spec.name, discounts),
      },
    ];
  });
}
