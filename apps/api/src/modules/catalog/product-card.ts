import Decimal from 'decimal.js';
import type { VmProductCard } from '@mawingu/contracts/catalog';
import type { products, productSpecs } from '../../db/schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;

/** A card with its monthly list price at the default configuration (each line half-up to the cent). */
export type PricedCard = VmProductCard & { listPrice: string };

export function toCard(product: ProductRow, specs: SpecRow[]): PricedCard {
  const spec = (name: string) => specs.find((s) => s.name === name);
  const memory = spec('Memory');
  const disk = spec('Disk');
  const cpu = spec('Processor');
  const listPrice = specs
    .reduce((sum, s) => sum.plus(new Decimal(s.costPerUnit).times(s.defaultCount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)), new Decimal(0))
    .toFixed(2);
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
