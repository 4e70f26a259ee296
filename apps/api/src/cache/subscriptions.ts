import type { CatalogService } from '../modules/catalogue/catalog/service.ts';
import type { CompanyService } from '../modules/tenant/company/service.ts';
import type { GatewayCredentialsSource } from '../modules/billing/payments/gateway-credentials.ts';
import type { ProductServicesService } from '../modules/catalogue/product-services/service.ts';
import type { PurchaseTermsSource } from '../modules/orders/purchase/purchase-terms.ts';
import type { CacheBus } from './cache-bus.ts';

type Cached = { dropCached(companyId?: number): void };

/**
 * Which cache keeps which topic's data, in one place. Caches not here need no message: countries
 * (no one changes them while the server runs), invoice logos (keyed by the logo's file, which is
 * never rewritten: a new logo is a new file). The public reads' serialised replies (reply-cache.ts)
 * subscribe to every topic themselves.
 */
export function subscribeCaches(
  bus: CacheBus,
  caches: {
    company: CompanyService;
    catalog: CatalogService;
    productServices: ProductServicesService;
    purchaseTerms: PurchaseTermsSource;
    gatewayCredentials: GatewayCredentialsSource;
  },
) {
  const on = (topic: Parameters<CacheBus['subscribe']>[0], ...cached: Cached[]) =>
    cached.forEach((c) => bus.subscribe(topic, (id) => c.dropCached(id)));
  // Names, logos, colours, origins, menus and offices (console: company settings and uploads).
  on('company', caches.company);
  // Products, regions, partner clouds, business units, time periods, discounts, clone durations, the ZAR→USD rate.
  on('catalogue', caches.catalog, caches.productServices, caches.purchaseTerms);
  // Bypass, gateways per region and the company's own credentials (the terms list the gateways offered).
  on('payment-settings', caches.gatewayCredentials, caches.purchaseTerms);
}
