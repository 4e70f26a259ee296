import type { CatalogService } from '../../catalogue/index.ts';

export type PurchaseProduct = NonNullable<Awaited<ReturnType<CatalogService['productForPurchase']>>>;
export type PurchaseRegionRow = PurchaseProduct['regions'][number];

/**
 * Regions a product can be bought in: where it is sold, and only where the region's currency is
 * the product's (its unit costs are in that currency; an order is billed in the region's currency,
 * so a ZAR price list is never charged as shillings).
 */
export function purchaseRegionsOf(product: PurchaseProduct): PurchaseRegionRow[] {
  const currency = product.row.currency.trim().toUpperCase();
  return product.regions.filter((r) => r.currency.trim().toUpperCase() === currency);
}

const LOGO_FAMILIES = ['windows', 'edge', 'ubuntu', 'centos', 'red hat', 'kubernetes'];

/** The spec's producttype: which logo the configurator shows (windows, edge, ubuntu, centos, red hat, kubernetes, other). */
export function productTypeOf(osType: string): string {
  const os = osType.trim().toLowerCase();
  return LOGO_FAMILIES.find((family) => os === family || os.startsWith(`${family} `)) ?? 'other';
}
