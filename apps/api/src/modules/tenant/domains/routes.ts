import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkDomainRequest, checkDomainResponse } from '@mawingu/contracts/domains';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { reply } from '../../../http/envelope.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../company/service.ts';
import type { DomainService } from './service.ts';

export function domainRoutes(company: CompanyService, domains: DomainService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/marketplace/checkDomain',
      {
        // With RDAP each check is a call to the registry: keep one visitor from hammering it.
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags: ['catalog'],
          summary: 'Explore Domain: is {domainName}.com free? 200 = available, 409 = "This Domain is already taken."',
          body: checkDomainRequest,
          response: {
            200: checkDomainResponse,
            409: checkDomainResponse,
            400: errorEnvelope,
            404: errorEnvelope,
            429: errorEnvelope,
            503: errorEnvelope,
          },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const result = await domains.check(tenant.id, req.body.domainName);
        return result.available ? reply(res, result, messages.domainAvailable) : reply(res, result, messages.domainTaken, 409);
      },
    );
  };
}
