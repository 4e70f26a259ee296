import type { FastifyPluginAsync } from 'fastify';
import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { CompanyService } from '../tenant/index.ts';
import type { CatalogService } from './catalog/service.ts';
import type { ProductServicesService } from './product-services/service.ts';
import type { SavedService } from './saved/service.ts';
import { catalogRoutes } from './catalog/routes.ts';
import { productServicesRoutes } from './product-services/routes.ts';
import { savedRoutes } from './saved/routes.ts';

export function catalogueCustomerRoutes(s: {
  company: CompanyService;
  catalog: CatalogService;
  productServices: ProductServicesService;
  saved: SavedService;
  replies: ReplyCache;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(catalogRoutes(s.company, s.catalog, s.replies));
    await api.register(productServicesRoutes(s.company, s.productServices, s.replies));
    await api.register(savedRoutes(s.saved));
  };
}
