import type { VmProductCard } from '@mawingu/contracts/catalog';
import { priceNewVm } from '@mawingu/contracts/pricing/bill';
import type { products, productSpecs } from '../../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;

/** A card with its monthly list price at the default configuration (each line half-up to the cent). */
export type PricedCard = VmProductCard & { listPrice: string };

export function toCard(product: ProductRow, specs: SpecRow[]): PricedCard {
  const spec = (name: string) => specs.find((s) => s.name === name);
  const memory = spec('Memory');
  const disk = spec('Disk');
  const cpu = spec('Processor');
  // The pricing engine's 30-day bill before tax: the same lines the configurator starts from.
  const listPrice = priceNewVm({
    lines: specs.map((s) => ({ name: s.name, unit: s.unit, costPerUnit: s.costPerUnit, count: s.defaultCount })),
    days: 30,
    taxPercent: '0',
  }).price;
  return {
    productID: product.id,
    productName: product.name,
    osType: product.osType,
    imagePath: product.imagePath,
    vm_RAM_Count: memory?.defaultCount ?? 0,
    vm_RAM_Unit: memory?.unit ?? 'GB',
    vm_Driver_Count: disk?.defaultCount ?? 0,
    vm_Driver_Unit: disk?.unit ?? 'GB',
    vm_CPU_Count: cpu?.defaultCount ?? 0,
    vm_Cost: null,
    vm_Currency: product.currency,
    listPrice,
  };
}

/** What a caller may see: the list price only when prices are shown (logged-in customers). */
export function presentCard({ listPrice, ...card }: PricedCard, showPrices: boolean): VmProductCard {
  return { ...card, vm_Cost: showPrices ? listPrice : null };
}
