import { LRUCache } from 'lru-cache';
import type { CloudEntry, FilteredProducts, MarketplaceProducts, ProductFilter, SpecificationRow } from '@mawingu/contracts/catalog';
import { messages } from '@mawingu/contracts/messages';
import { DAYS_PER_PRICE_PERIOD, lineCost } from '@mawingu/contracts/pricing/line-cost';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../http/app-error.ts';
import { countedFetch } from '../../../observability/counted-cache.ts';
import { filterDataOf, inSection, matchesFilter } from './filter-products.ts';
import { loadCatalogue, type CatalogueData, type CatalogueProduct } from './load-catalogue.ts';
import { presentCard } from './product-card.ts';

type Section = Omit<MarketplaceProducts, 'VMProducts' | 'GoldVMData'> & { vm: CatalogueProduct[]; gold: CatalogueProduct[] };

/** One company's catalogue in memory, with the sections already computed on first use. */
type Catalogue = CatalogueData & { sections: Map<string, Section>; replies: Map<string, MarketplaceProducts> };

/**
 * The marketplace catalogue: the hot read path of the public site. Each company's whole catalogue
 * is loaded once (four queries) and kept in an LRU with a TTL; every read — sections, filter,
 * specifications, partner clouds — is then answered from memory. Prices are computed here and
 * only handed out when the caller may see them (`showPrices`, from the session later).
 */
export function createCatalogService(db: Db, cacheTtlMs: number) {
  const cacheOn = cacheTtlMs > 0;
  const cache = new LRUCache<number, Catalogue>({
    max: 1000,
    ttl: Math.max(cacheTtlMs, 1),
    // Concurrent misses for one company share a single load.
    fetchMethod: (companyId) => load(companyId),
  });

  async function load(companyId: number): Promise<Catalogue> {
    return { ...(await loadCatalogue(db, companyId)), sections: new Map(), replies: new Map() };
  }

  async function catalogueOf(companyId: number): Promise<Catalogue> {
    if (!cacheOn) return load(companyId);
    return (await countedFetch('catalogue', cache, companyId))!;
  }

  function sectionOf(catalogue: Catalogue, serviceName: string): Section {
    const hit = catalogue.sections.get(serviceName);
    if (hit) return hit;
    const items = catalogue.products.filter((p) => inSection(p, serviceName));
    const section: Section = {
      vm: items.filter((p) => !p.row.isGoldCopy),
      gold: items.filter((p) => p.row.isGoldCopy),
      cloudData: catalogue.clouds,
      filterData: filterDataOf(items, catalogue.regions),
      serviceName,
    };
    // Only sections that exist are kept, so arbitrary names from the URL cannot grow the cache.
    if (serviceName === 'all' || items.length > 0) catalogue.sections.set(serviceName, section);
    return section;
  }

  async function marketplaceProducts(companyId: number, serviceName: string, showPrices: boolean): Promise<MarketplaceProducts> {
    const catalogue = await catalogueOf(companyId);
    const key = `${showPrices ? 1 : 0}:${serviceName}`;
    const hit = catalogue.replies.get(key);
    if (hit) return hit;
    const { vm, gold, ...rest } = sectionOf(catalogue, serviceName);
    const reply: MarketplaceProducts = {
      VMProducts: vm.map((p) => presentCard(p.card, showPrices)),
      GoldVMData: gold.map((p) => presentCard(p.card, showPrices)),
      ...rest,
    };
    if (catalogue.sections.has(serviceName)) catalogue.replies.set(key, reply);
    return reply;
  }

  async function filteredProducts(
    companyId: number,
    serviceName: string,
    filter: ProductFilter,
    showPrices: boolean,
  ): Promise<FilteredProducts> {
    const catalogue = await catalogueOf(companyId);
    const { vm, gold } = sectionOf(catalogue, serviceName);
    const pick = (items: CatalogueProduct[]) =>
      items.filter((p) => matchesFilter(p, filter, catalogue.regions)).map((p) => presentCard(p.card, showPrices));
    return [{ VMProducts: pick(vm), GoldVMData: pick(gold) }];
  }

  /** A product's slider rows; another company's (or an unknown) product is a 404. */
  async function specification(
    companyId: number,
    productId: number,
    homeRegionId: number | null,
    showPrices: boolean,
  ): Promise<SpecificationRow[]> {
    const catalogue = await catalogueOf(companyId);
    const product = catalogue.products.find((p) => p.row.id === productId);
    if (!product) throw AppError.notFound(messages.dataNotFound);
    const region =
      catalogue.regions.find((r) => r.id === homeRegionId) ??
      catalogue.regions.find((r) => product.regionIds.includes(r.id)) ??
      catalogue.regions[0];
    const tax = region?.taxPercent ?? '0.00';
    return product.specs.map((s) => {
      // The default size for one price period (30 days), priced like any bill line.
      const total = lineCost({ costPerUnit: s.costPerUnit, count: s.defaultCount, days: DAYS_PER_PRICE_PERIOD });
      return {
        specificationName: s.name,
        specificationUnit: s.unit,
        specificationCount: s.defaultCount,
        minValue: s.minValue,
        maxValue: s.maxValue,
        size: s.step,
        costPerUnit: showPrices ? s.costPerUnit : null,
        totalCost: showPrices ? total.toFixed(2) : null,
        sequence: s.sequence,
        tax,
      };
    });
  }

  /**
   * A product with its sliders and the regions it is sold in (every region of the company when it
   * names none), for the configurator and orders; undefined for another company's or an unknown one.
   */
  async function productForPurchase(companyId: number, productId: number) {
    const catalogue = await catalogueOf(companyId);
    const product = catalogue.products.find((p) => p.row.id === productId);
    if (!product) return undefined;
    const sold = product.regionIds.length ? catalogue.regions.filter((r) => product.regionIds.includes(r.id)) : catalogue.regions;
    return { ...product, regions: sold };
  }

  async function externalClouds(companyId: number): Promise<CloudEntry[]> {
    return (await catalogueOf(companyId)).clouds;
  }

  /** Forgets this instance's copy of a company's catalogue (or all): called by the cache bus on every instance. */
  function dropCached(companyId?: number) {
    if (companyId === undefined) cache.clear();
    else cache.delete(companyId);
  }

  return { marketplaceProducts, filteredProducts, specification, productForPurchase, externalClouds, dropCached };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
