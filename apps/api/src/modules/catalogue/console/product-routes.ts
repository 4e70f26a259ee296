import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  catalogueMessages as m,
  product,
  productInput,
  productStatusInput,
  productSummaries,
  region,
  regionInput,
  regionList,
} from '@mawingu/contracts/admin/catalogue';
import { envelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { idParams, failures, done, tags } from './route-parts.ts';
import type { CatalogueRouteContext } from './route-parts.ts';

/** The console's catalogue: products, regions and their tax. */
export function productRoutes({ catalogue, guard, base, who }: CatalogueRouteContext): FastifyPluginAsyncZod {
  return async (app) => {
    // ---- products ----
    app.get(
      `${base}/products`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Every product of the company (enabled or not) with its list price',
          params: companyIdParams,
          response: { 200: envelope(productSummaries), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listProducts((await who(req)).companyId)),
    );
    app.get(
      `${base}/products/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'A product with its sliders, regions and RAM → CPU ranges',
          params: idParams,
          response: { 200: envelope(product), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.getProduct((await who(req)).companyId, req.params.id)),
    );
    app.post(
      `${base}/products`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a product: provider and template, sliders (cost per unit as a decimal string), regions, RAM → CPU ranges',
          params: companyIdParams,
          body: productInput,
          response: { 200: envelope(product), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createProduct(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/products/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Replaces a product (existing orders keep their frozen prices)',
          params: idParams,
          body: productInput,
          response: { 200: envelope(product), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateProduct(await who(req), req.params.id, req.body), m.saved),
    );
    app.patch(
      `${base}/products/:id/status`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Enables or disables a product (a disabled one leaves the marketplace)',
          params: idParams,
          body: productStatusInput,
          response: { 200: envelope(product), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.setProductActive(await who(req), req.params.id, req.body.active), m.saved),
    );
    app.delete(
      `${base}/products/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Deletes a product nobody ordered (409 otherwise: disable it)',
          params: idParams,
          response: { 200: done, ...failures },
        },
      },
      async (req, res) => {
        await catalogue.deleteProduct(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- regions and tax ----
    app.get(
      `${base}/regions`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Regions with currency and tax %',
          params: companyIdParams,
          response: { 200: envelope(regionList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listRegions((await who(req)).companyId)),
    );
    app.post(
      `${base}/regions`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a region (country, currency, tax %)',
          params: companyIdParams,
          body: regionInput,
          response: { 200: envelope(region), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createRegion(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/regions/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Changes a region (orders keep the tax they were made with)',
          params: idParams,
          body: regionInput,
          response: { 200: envelope(region), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateRegion(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/regions/:id`,
      { ...guard, schema: { tags, summary: 'Deletes a region nothing refers to', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteRegion(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );
  };
}
