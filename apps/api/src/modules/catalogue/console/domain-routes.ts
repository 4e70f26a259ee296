import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addedDomain, catalogueMessages as m, domainInput, domainList, uploadedImage } from '@mawingu/contracts/admin/catalogue';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { AppError } from '../../../http/app-error.ts';
import { reply } from '../../../http/envelope.ts';
import { fileUrl } from '../../tenant/index.ts';
import { extensionOf, sniffImageType } from '../../../http/sniff-image.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { idParams, failures, done, tags, readImage } from './route-parts.ts';
import type { CatalogueRouteContext } from './route-parts.ts';

/** The console's catalogue: taken domains and catalogue images. */
export function takenDomainRoutes({ catalogue, guard, base, who, files }: CatalogueRouteContext): FastifyPluginAsyncZod {
  return async (app) => {
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
        const file = await files.save({
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
