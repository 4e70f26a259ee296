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
} from '@mawingu/contracts/catalog';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { requireTenant } from '../../../http/tenant.ts';
import { canSeePrices } from '../../../http/viewer.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { CatalogService } from './service.ts';

const failures = { 400: errorEnvelope, 404: errorEnvelope };

/** Replies differ by whether prices show (logged-in customers only): part of each key. */
const priced = (yes: boolean) => (yes ? 'priced' : 'unpriced');

export function catalogRoutes(company: CompanyService, catalog: CatalogService, replies: ReplyCache): FastifyPluginAsyncZod {
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
        const { serviceName } = req.body;
        const prices = canSeePrices(req);
        return replies.send(res, tenant.id, `products:${priced(prices)}:${serviceName}`, getProductsResponse, async () => ({
          data: await catalog.marketplaceProducts(tenant.id, serviceName, prices),
        }));
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
        const prices = canSeePrices(req);
        const key = `filtered:${priced(prices)}:${JSON.stringify([serviceName, filter])}`;
        return replies.send(res, tenant.id, key, getFilteredProductsResponse, async () => ({
          data: await catalog.filteredProducts(tenant.id, serviceName, filter, prices),
        }));
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
        const { productID } = req.body;
        const prices = canSeePrices(req);
        return replies.send(res, tenant.id, `specification:${priced(prices)}:${productID}`, getSpecificationResponse, async () => ({
          data: await catalog.specification(tenant.id, productID, tenant.configuration.regionID, prices),
        }));
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
        return replies.send(res, tenant.id, 'external-clouds', externalCloudResponse, async () => ({
          data: await catalog.externalClouds(tenant.id),
        }));
      },
    );
  };
}
