import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { createCatalogService } from './catalog/service.ts';
import { catalogueRoutes } from './console.routes.ts';
import { catalogueCustomerRoutes } from './customer.routes.ts';
import { createProductServicesService } from './product-services/service.ts';
import { createSavedService } from './saved/service.ts';

type Deps = { config: Config; database: Database; platform: PlatformModule; tenant: TenantModule };

/** What a company sells: products, regions, business units, partner clouds, saved configurations. */
export function createCatalogueModule({ config, database, platform, tenant }: Deps) {
  const { db } = database;
  const catalog = createCatalogService(db, config.cacheTtlMs);
  const productServices = createProductServicesService(db, platform.mail, config.cacheTtlMs);
  const saved = createSavedService(db, catalog);
  return {
    catalog,
    productServices,
    customerRoutes: catalogueCustomerRoutes({ company: tenant.company, catalog, productServices, saved }),
    consoleRoutes: catalogueRoutes({ database, config, caches: platform.caches, files: tenant.files }),
  };
}

export type CatalogueModule = ReturnType<typeof createCatalogueModule>;
