import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  externalCloudRequest,
  externalCloudResponse,
  filterRequest,
  getFilteredProductsResponse,
  getProductsRequest,
  getProductsResponse,
  getSpecificationRequest,
  getSpecificationResponse,
  type MarketplaceProducts,
} from '@mawingu/contracts/catalog';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { serializedOnce } from '../../../http/serialized-once.ts';
import { requireTenant } from '../../../http/tenant.ts';
import { canSeePrices } from '../../../http/viewer.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { CatalogService } from './service.ts';

const failures = { 400: errorEnvelope, 404: errorEnvelope };

export function catalogRoutes(company: CompanyService, catalog: CatalogService): FastifyPluginAsyncZod {
  // The hot path: the service hands out the same section object while it is cached.
  const sendProducts = serializedOnce<MarketplaceProducts>(getProductsResponse);
  return async (app) => {
    app.post(
      '/marketPlace/getProducts',
      {
        schema: {
          tags: ['catalog'],
          summary: 'VM products, custom VMs, partner clouds and filter choices of a marketplace section',
          body: getProductsRequest,
          response: { 200: getProductsResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return sendProducts(res, await catalog.marketplaceProducts(tenant.id, req.body.serviceName, canSeePrices(req)));
      },
    );

    app.post(
      '/marketPlace/getFilteredProducts',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Quick Search: products matching every selected field (0 = not selected); data[0] holds them',
          body: filterRequest,
          response: { 200: getFilteredProductsResponse, ...failures },
        },
      },
      async (req, res) => {
        const { websiteUrl, serviceName, ...filter } = req.body;
        const tenant = await requireTenant(company, req, websiteUrl);
        return reply(res, await catalog.filteredProducts(tenant.id, serviceName, filter, canSeePrices(req)));
      },
    );

    app.post(
      '/marketPlace/getSpecification',
      {
        schema: {
          tags: ['catalog'],
          summary: "A product's specification rows (costs only for logged-in customers)",
          body: getSpecificationRequest,
          response: { 200: getSpecificationResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const rows = await catalog.specification(tenant.id, req.body.productID, tenant.configuration.regionID, canSeePrices(req));
        return reply(res, rows);
      },
    );

    app.post(
      '/marketplace/getExternalCloud',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Partner cloud providers of the company',
          body: externalCloudRequest,
          response: { 200: externalCloudResponse, ...failures },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return reply(res, await catalog.externalClouds(tenant.id));
      },
    );
  };
}
