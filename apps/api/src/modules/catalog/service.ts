import Decimal from 'decimal.js';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { MarketplaceProducts, VmProductCard } from '@mawingu/contracts/catalog';
import type { Db } from '../../db/client.ts';
import { products, productSpecs } from '../../db/schema.ts';

type SpecRow = typeof productSpecs.$inferSelect;
type ProductRow = typeof products.$inferSelect;

/** A product card with its monthly list price at the default configuration (half-up, 2 decimals). */
function toCard(product: ProductRow, specs: SpecRow[]): VmProductCard & { listPrice: string } {
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

/**
 * The marketplace catalogue: the hot read path of the public site, cached per company and
 * section. Prices are computed here and only handed out to logged-in customers.
 */
export function createCatalogService(db: Db, cacheTtlMs: number) {
  type Cards = { vm: ReturnType<typeof toCard>[]; gold: ReturnType<typeof toCard>[] };
  const cache = new LRUCache<string, Cards>({ max: 5000, ttl: Math.max(cacheTtlMs, 1) });

  async function loadCards(companyId: number, serviceName: string): Promise<Cards> {
    const filter =
      serviceName === 'all'
        ? and(eq(products.companyId, companyId), eq(products.active, true))
        : and(eq(products.companyId, companyId), eq(products.active, true), eq(products.serviceName, serviceName));
    const rows = await db.select().from(products).where(filter).orderBy(asc(products.sortOrder), asc(products.id));
    const specs = rows.length
      ? await db
          .select()
          .from(productSpecs)
          .where(inArray(productSpecs.productId, rows.map((r) => r.id)))
          .orderBy(asc(productSpecs.sequence))
      : [];
    const cards = rows.map((row) => ({ row, card: toCard(row, specs.filter((s) => s.productId === row.id)) }));
    return {
      vm: cards.filter((c) => !c.row.isGoldCopy).map((c) => c.card),
      gold: cards.filter((c) => c.row.isGoldCopy).map((c) => c.card),
    };
  }

  async function marketplaceProducts(
    companyId: number,
    serviceName: string,
    showPrices: boolean,
  ): Promise<MarketplaceProducts> {
    const key = `${companyId}:${serviceName}`;
    let cards = cacheTtlMs > 0 ? cache.get(key) : undefined;
    if (!cards) {
      cards = await loadCards(companyId, serviceName);
      if (cacheTtlMs > 0) cache.set(key, cards);
    }
    const present = ({ listPrice, ...card }: ReturnType<typeof toCard>): VmProductCard => ({
      ...card,
      vm_Cost: showPrices ? listPrice : null,
    });
    return { VMProducts: cards.vm.map(present), GoldVMData: cards.gold.map(present), serviceName };
  }

  return { marketplaceProducts, invalidate: () => cache.clear() };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
