import type { FastifyPluginAsync } from 'fastify';
import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { CompanyService } from './company/service.ts';
import type { CountryService } from './countries/service.ts';
import type { DomainService } from './domains/service.ts';
import type { FileService } from './files/service.ts';
import { companyRoutes } from './company/routes.ts';
import { countryRoutes } from './countries/routes.ts';
import { domainRoutes } from './domains/routes.ts';
import { fileRoutes } from './files/routes.ts';

export function tenantCustomerRoutes(s: {
  company: CompanyService;
  files: FileService;
  domains: DomainService;
  countries: CountryService;
  replies: ReplyCache;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(companyRoutes(s.company, s.replies));
    await api.register(fileRoutes(s.files));
    await api.register(domainRoutes(s.company, s.domains));
    await api.register(countryRoutes(s.countries, s.replies));
  };
}
