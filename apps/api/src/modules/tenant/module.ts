import type { CacheBus } from '../../cache/cache-bus.ts';
import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { selectDomainAvailability } from '../../integrations/domains/select-domain-availability.ts';
import type { FileStore } from '../../integrations/storage/file-store.ts';
import { createCompanyService } from './company/service.ts';
import { companiesRoutes } from './console.routes.ts';
import { createCountryService } from './countries/service.ts';
import { tenantCustomerRoutes } from './customer.routes.ts';
import { createDomainService } from './domains/service.ts';
import { createFileService } from './files/service.ts';

type Deps = { config: Config; database: Database; fileStore: FileStore; caches: CacheBus; replies: ReplyCache };

/** The companies and their sites: configuration, origins, countries, domain checks, stored files. */
export function createTenantModule({ config, database, fileStore, caches, replies }: Deps) {
  const company = createCompanyService(database.db, config.cacheTtlMs);
  const countries = createCountryService(database.db, config.cacheTtlMs);
  const files = createFileService(database.db, fileStore);
  const domains = createDomainService(selectDomainAvailability(config, database.db));
  return {
    company,
    countries,
    files,
    customerRoutes: tenantCustomerRoutes({ company, files, domains, countries, replies }),
    consoleRoutes: companiesRoutes({ database, files, caches }),
  };
}

export type TenantModule = ReturnType<typeof createTenantModule>;
