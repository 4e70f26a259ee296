import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getProductsRequest, getProductsResponse } from '@mawingu/contracts/catalog';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../http/envelope.ts';
import { siteOriginOf } from '../../http/tenant.ts';
import type { CompanyService } from '../company/service.ts';
import type { CatalogService } from './service.ts';

export function catalogRoutes(company: CompanyService, catalog: CatalogService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/marketPlace/getProducts',
      {
        schema: {
          tags: ['catalog'],
          summary: 'VM products of a marketplace section (prices only for logged-in customers)',
          body: getProductsRequest,
          response: { 200: getProductsResponse, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await company.requireByOrigin(siteOriginOf(req, req.body.websiteUrl));
        // Customers' sessions arrive with the accounts work; until then every caller is a visitor.
        const data = await catalog.marketplaceProducts(tenant.id, req.body.serviceName, false);
        return reply(res, data);
      },
    );
  };
}
