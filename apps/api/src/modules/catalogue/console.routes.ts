import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { FileService } from '../tenant/index.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { companyInScope, MANAGERS, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { createCatalogueAdmin } from './console/service.ts';
import { productRoutes } from './console/product-routes.ts';
import { termsRoutes } from './console/terms-routes.ts';
import { unitRoutes } from './console/unit-routes.ts';
import { takenDomainRoutes } from './console/domain-routes.ts';
import type { CatalogueUsage } from './console/usage.ts';

/**
 * The console's catalogue under /api/admin/companies/:companyId/catalogue (owner and admin; support
 * has no access). Handlers only translate HTTP: the rules and transactions are in service.ts.
 */
export function catalogueRoutes(
  deps: Pick<AdminDeps, 'database' | 'config'> & { caches: CacheBus; files: FileService; usage: CatalogueUsage },
): FastifyPluginAsyncZod {
  const catalogue = createCatalogueAdmin({
    db: deps.database.db,
    config: deps.config,
    caches: deps.caches,
    usage: deps.usage,
  });
  const guard = { onRequest: requireOperator(...MANAGERS) };
  const base = '/companies/:companyId/catalogue';

  /** The company in scope and the operator acting, for the service and its audit entries. */
  async function who(req: FastifyRequest) {
    const companyId = await companyInScope(deps.database.db, req);
    return { actor: operatorOf(req), companyId };
  }
  const context = { catalogue, guard, base, who, files: deps.files };

  return async (app) => {
    await app.register(productRoutes(context));
    await app.register(termsRoutes(context));
    await app.register(unitRoutes(context));
    await app.register(takenDomainRoutes(context));
  };
}
