import { LRUCache } from 'lru-cache';
import type { GatewayKey } from '@mawingu/contracts/purchase';
import type { CategoryDiscounts } from '@mawingu/contracts/pricing/discount';
import { Money } from '@mawingu/contracts/pricing/money';
import { CLONE_DURATIONS } from '@mawingu/contracts/vm-changes';
import type { Db } from '../../../db/client.ts';
import { purchaseOptionsOf } from '../../catalogue/index.ts';
import { storedZarToUsdRateOf } from '../../tenant/index.ts';
import { countedFetch } from '../../../observability/counted-cache.ts';

export type TimePeriod = { days: number; label: string };
export type RamCpuRange = { ramFrom: number; ramTo: number; cpuCount: number };
/** Category discounts in percent (numeric(5,2) strings). */
export type Discounts = {
  ramDiscount: string;
  diskDiscount: string;
  cpuDiscount: string;
} & CategoryDiscounts;

/** One company's purchase terms: what the configurator offers and CreateOrder accepts. */
export type PurchaseTerms = {
  timePeriods: TimePeriod[];
  /** The company's default discounts, and the product's own where it has them. */
  discountFor(productId: number): Discounts;
  ramCpuRangesOf(productId: number): RamCpuRange[];
  /** Whether the seller in this region charges VAT on the discounted price (else on the list price). */
  vatOnDiscountedPriceIn(regionId: number): boolean;
  /** Gateways offered in a region, in order, limited to those this server is configured for. */
  gatewaysIn(regionId: number): GatewayKey[];
  bypass: boolean;
  /** Clone durations the clone page offers: the company's list, or the default one when it has none. */
  cloneDurations: number[];
  /** The company's own ZAR→USD rate (console), or null: the server's ZAR_TO_USD_RATE applies (see usdRateOf). */
  companyZarToUsdRate: string | null;
};

/** The ZAR→USD rate a company's PayPal-type payments use: its own when set, else the server's. */
export function usdRateOf(terms: Pick<PurchaseTerms, 'companyZarToUsdRate'>, serverRate: string): string {
  return terms.companyZarToUsdRate ?? serverRate;
}

const NO_DISCOUNT: Discounts = {
  ramDiscount: '0.00',
  diskDiscount: '0.00',
  cpuDiscount: '0.00',
};

/**
 * What purchase terms read of billing, handed in by create-modules.ts (orders cannot import billing,
 * which stands on orders): the regions whose seller charges VAT on the discounted price (ADR 0126),
 * and how the company takes payment (the bypass switch, the gateways per region in their order).
 */
export type BillingTerms = {
  discountedTaxRegions: (companyId: number) => Promise<ReadonlySet<number>>;
  paymentOptions: (companyId: number) => Promise<{ bypass: boolean; gateways: { regionId: number; gateway: string }[] }>;
};

async function loadTerms(db: Db, companyId: number, configured: ReadonlySet<GatewayKey>, billing: BillingTerms): Promise<PurchaseTerms> {
  const [{ periods, discounts, ranges, durations }, payment, zarToUsdRate, discountedRegions] = await Promise.all([
    purchaseOptionsOf(db, companyId),
    billing.paymentOptions(companyId),
    storedZarToUsdRateOf(db, companyId),
    billing.discountedTaxRegions(companyId),
  ]);
  const discountOf = (row: (typeof discounts)[number] | undefined): Discounts =>
    row
      ? {
          ramDiscount: row.ramPercent,
          diskDiscount: row.diskPercent,
          cpuDiscount: row.cpuPercent,
        }
      : NO_DISCOUNT;
  const companyDefault = discountOf(discounts.find((d) => d.productId === null));
  return {
    timePeriods: periods.map((p) => ({ days: p.days, label: p.label })),
    discountFor: (productId) => {
      const own = discounts.find((d) => d.productId === productId);
      return own ? discountOf(own) : companyDefault;
    },
    ramCpuRangesOf: (productId) =>
      ranges
        .filter((r) => r.productId === productId)
        .map((r) => ({
          ramFrom: r.ramFrom,
          ramTo: r.ramTo,
          cpuCount: r.cpuCount,
        })),
    vatOnDiscountedPriceIn: (regionId) => discountedRegions.has(regionId),
    gatewaysIn: (regionId) =>
      payment.gateways
        .filter((g) => g.regionId === regionId && configured.has(g.gateway as GatewayKey))
        .map((g) => g.gateway as GatewayKey),
    bypass: payment.bypass,
    cloneDurations: durations.length ? durations.map((d) => d.count) : [...CLONE_DURATIONS],
    // numeric(12,6) reads "0.063000": handed out as "0.063".
    companyZarToUsdRate: zarToUsdRate == null ? null : new Money(zarToUsdRate).toString(),
  };
}

/**
 * Purchase terms per company, cached like the catalogue (same TTL) so the configurator and
 * CreateOrder read the same figures; `configured` are the gateways this server has settings for
 * (in production a gateway without credentials is never offered).
 */
export function createPurchaseTerms(db: Db, cacheTtlMs: number, configured: ReadonlySet<GatewayKey>, billing: BillingTerms) {
  const cache = new LRUCache<number, PurchaseTerms>({
    max: 1000,
    ttl: Math.max(cacheTtlMs, 1),
    fetchMethod: (companyId) => loadTerms(db, companyId, configured, billing),
  });
  return {
    async of(companyId: number): Promise<PurchaseTerms> {
      if (cacheTtlMs <= 0) return loadTerms(db, companyId, configured, billing);
      return (await countedFetch('purchase-terms', cache, companyId))!;
    },
    /** Forgets this instance's copy of a company's terms (or all): called by the cache bus on every instance. */
    dropCached(companyId?: number) {
      if (companyId === undefined) cache.clear();
      else cache.delete(companyId);
    },
  };
}

export type PurchaseTermsSource = ReturnType<typeof createPurchaseTerms>;
