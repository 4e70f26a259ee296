import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { createCatalogService } from './catalog/service.ts';
import { catalogueRoutes } from './console.routes.ts';
import { catalogueCustomerRoutes } from './customer.routes.ts';
import { createProductServicesService } from './product-services/service.ts';
import { createSavedService } from './saved/service.ts';
import type { CatalogueUsage } from './console/usage.ts';

type Deps = {
  config: Config;
  database: Database;
  platform: PlatformModule;
  tenant: TenantModule;
  replies: ReplyCache;
  /** What refers to a product or region, and a region's gateways: the orders', machines' and billing's reads, handed in. */
  usage: CatalogueUsage;
};

/** What a company sells: products, regions, business units, partner clouds, saved configurations. */
export function createCatalogueModule({ config, database, platform, tenant, replies, usage }: Deps) {
  const { db } = database;
  const catalog = createCatalogService(db, config.cacheTtlMs);
  const productServices = createProductServicesService(db, platform.mail, config.cacheTtlMs);
  const saved = createSavedService(db, catalog);
  return {
    catalog,
    productServices,
    customerRoutes: catalogueCustomerRoutes({ company: tenant.company, catalog, productServices, saved, replies }),
    consoleRoutes: catalogueRoutes({ database, config, caches: platform.caches, files: tenant.files, usage }),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
