import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addedDomain,
  businessUnit,
  businessUnitInput,
  businessUnitList,
  CATALOGUE_IMAGE_MAX_BYTES,
  catalogueMessages as m,
  cloneDurations,
  cloneDurationsInput,
  currencyInput,
  currencySettings,
  discount,
  discountInput,
  discountList,
  domainInput,
  domainList,
  partnerCloud,
  partnerCloudInput,
  partnerCloudList,
  product,
  productInput,
  productStatusInput,
  productSummaries,
  region,
  regionInput,
  regionList,
  timePeriod,
  timePeriodInput,
  timePeriodList,
  uploadedImage,
} from '@mawingu/contracts/admin/catalogue';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { AppError } from '../../http/app-error.ts';
import { reply } from '../../http/envelope.ts';
import { fileUrl } from '../tenant/index.ts';
import { extensionOf, sniffImageType } from '../../http/sniff-image.ts';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { FileService } from '../tenant/index.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { companyInScope, MANAGERS, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { createCatalogueAdmin } from './console/service.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { MAX_ID } from '@mawingu/contracts/ids';

const idParams = companyIdParams.extend({ id: z.coerce.number().int().positive().max(MAX_ID) });
const failures = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope };
const done = envelope(z.null());
const tags = ['admin catalogue'];

/** One catalogue image from a multipart upload (at most 2 MB), its type read from the bytes. */
async function readImage(req: FastifyRequest): Promise<{ bytes: Buffer; name: string }> {
  const missing = () => AppError.badRequest(m.imageRequired, { image: m.imageRequired });
  if (!req.isMultipart()) throw missing();
  const part = await req.file({ limits: { fileSize: CATALOGUE_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  if (!part) throw missing();
  try {
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw missing();
    return { bytes, name: part.filename };
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError)
      throw new AppError('too_large', 413, m.imageTooLarge, { image: m.imageTooLarge });
    throw err;
  }
}

/**
 * The console's catalogue under /api/admin/companies/:companyId/catalogue (owner and admin; support
 * has no access). Handlers only translate HTTP: the rules and transactions are in service.ts.
 */
export function catalogueRoutes(
  deps: Pick<AdminDeps, 'database' | 'config'> & { caches: CacheBus; files: FileService },
): FastifyPluginAsyncZod {
  const catalogue = createCatalogueAdmin({
    db: deps.database.db,
    config: deps.config,
    caches: deps.caches,
  });
  const guard = { onRequest: requireOperator(...MANAGERS) };
  const base = '/companies/:companyId/catalogue';

  /** The company in scope and the operator acting, for the service and its audit entries. */
  async function who(req: FastifyRequest) {
    const companyId = await companyInScope(deps.database.db, req);
    return { actor: operatorOf(req), companyId };
  }

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

    // ---- time periods ----
    app.get(
      `${base}/time-periods`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Time periods of the configurator',
          params: companyIdParams,
          response: { 200: envelope(timePeriodList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listTimePeriods((await who(req)).companyId)),
    );
    app.post(
      `${base}/time-periods`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a time period (days, label)',
          params: companyIdParams,
          body: timePeriodInput,
          response: { 200: envelope(timePeriod), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createTimePeriod(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/time-periods/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Changes a time period',
          params: idParams,
          body: timePeriodInput,
          response: { 200: envelope(timePeriod), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateTimePeriod(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/time-periods/:id`,
      { ...guard, schema: { tags, summary: 'Removes a time period', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteTimePeriod(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- clone durations ----
    app.get(
      `${base}/clone-durations`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Clone durations the clone page offers',
          params: companyIdParams,
          response: { 200: envelope(cloneDurations), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.getCloneDurations((await who(req)).companyId)),
    );
    app.put(
      `${base}/clone-durations`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Replaces the clone durations (empty: the default list)',
          params: companyIdParams,
          body: cloneDurationsInput,
          response: { 200: envelope(cloneDurations), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.setCloneDurations(await who(req), req.body), m.saved),
    );

    // ---- discounts ----
    app.get(
      `${base}/discounts`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Category discounts: the company default and per product',
          params: companyIdParams,
          response: { 200: envelope(discountList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listDiscounts((await who(req)).companyId)),
    );
    app.put(
      `${base}/discounts`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Sets the default (productId null) or a product’s discount in percent',
          params: companyIdParams,
          body: discountInput,
          response: { 200: envelope(discount), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.saveDiscount(await who(req), req.body), m.saved),
    );
    app.delete(
      `${base}/discounts/:id`,
      { ...guard, schema: { tags, summary: 'Removes a discount row', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteDiscount(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- currency ----
    app.get(
      `${base}/currency`,
      {
        ...guard,
        schema: {
          tags,
          summary: "The company's ZAR → USD rate and the server's",
          params: companyIdParams,
          response: { 200: envelope(currencySettings), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.getCurrency((await who(req)).companyId)),
    );
    app.put(
      `${base}/currency`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Sets the ZAR → USD rate (null: the server’s)',
          params: companyIdParams,
          body: currencyInput,
          response: { 200: envelope(currencySettings), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.setCurrency(await who(req), req.body), m.saved),
    );

    // ---- business units ----
    app.get(
      `${base}/business-units`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Products and services with their cloud service cards',
          params: companyIdParams,
          response: { 200: envelope(businessUnitList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listBusinessUnits((await who(req)).companyId)),
    );
    app.post(
      `${base}/business-units`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a business unit',
          params: companyIdParams,
          body: businessUnitInput,
          response: { 200: envelope(businessUnit), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createBusinessUnit(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/business-units/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Replaces a business unit and its cards',
          params: idParams,
          body: businessUnitInput,
          response: { 200: envelope(businessUnit), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updateBusinessUnit(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/business-units/:id`,
      {
        ...guard,
        schema: { tags, summary: 'Deletes a business unit and its cards', params: idParams, response: { 200: done, ...failures } },
      },
      async (req, res) => {
        await catalogue.deleteBusinessUnit(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- partner clouds ----
    app.get(
      `${base}/partner-clouds`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Partner cloud providers',
          params: companyIdParams,
          response: { 200: envelope(partnerCloudList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listPartnerClouds((await who(req)).companyId)),
    );
    app.post(
      `${base}/partner-clouds`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a partner cloud',
          params: companyIdParams,
          body: partnerCloudInput,
          response: { 200: envelope(partnerCloud), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.createPartnerCloud(await who(req), req.body), m.saved),
    );
    app.put(
      `${base}/partner-clouds/:id`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Changes a partner cloud',
          params: idParams,
          body: partnerCloudInput,
          response: { 200: envelope(partnerCloud), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.updatePartnerCloud(await who(req), req.params.id, req.body), m.saved),
    );
    app.delete(
      `${base}/partner-clouds/:id`,
      { ...guard, schema: { tags, summary: 'Removes a partner cloud', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deletePartnerCloud(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- domains ----
    app.get(
      `${base}/domains`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Names Explore Domain answers as taken (with the local check)',
          params: companyIdParams,
          response: { 200: envelope(domainList), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.listDomains((await who(req)).companyId)),
    );
    app.post(
      `${base}/domains`,
      {
        ...guard,
        schema: {
          tags,
          summary: 'Adds a taken name (".com" added when absent)',
          params: companyIdParams,
          body: domainInput,
          response: { 200: envelope(addedDomain), ...failures },
        },
      },
      async (req, res) => reply(res, await catalogue.addDomain(await who(req), req.body.domain), m.saved),
    );
    app.delete(
      `${base}/domains/:id`,
      { ...guard, schema: { tags, summary: 'Frees a name again', params: idParams, response: { 200: done, ...failures } } },
      async (req, res) => {
        await catalogue.deleteDomain(await who(req), req.params.id);
        return reply(res, null, m.deleted);
      },
    );

    // ---- images ----
    app.post(
      `${base}/images`,
      {
        ...guard,
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          summary:
            'Uploads a product, business unit or partner cloud image (multipart field "image": PNG, JPEG, GIF or WebP up to 2 MB); returns its path',
          consumes: ['multipart/form-data'],
          params: companyIdParams,
          response: { 200: envelope(uploadedImage), 413: errorEnvelope, 429: errorEnvelope, ...failures },
        },
      },
      async (req, res) => {
        const actor = await who(req);
        const { bytes, name } = await readImage(req);
        const type = sniffImageType(bytes);
        if (!type) throw AppError.badRequest(m.imageRequired, { image: m.imageRequired });
        const base =
          name
            .replace(/\.[^.]*$/, '')
            .replace(/[^\w.-]+/g, '-')
            .slice(0, 80) || 'image';
        const file = await deps.files.save({
          companyId: actor.companyId,
          kind: 'catalogue-image',
          originalName: `${base}.${extensionOf[type]}`,
          contentType: type,
          bytes,
          isPublic: true,
        });
        await catalogue.recordImage(actor, file.id, file.originalName);
        return reply(res, { path: fileUrl(file.id) }, m.saved);
      },
    );
  };
}
