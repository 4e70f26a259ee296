import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companiesMessages,
  companyIdParams,
  companySettings,
  consoleCompanyList,
  createCompanyRequest,
  documentParams,
  updateCompanySettingsRequest,
} from '@mawingu/contracts/admin/companies';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../http/envelope.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, companyInScope, MANAGERS, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { createCompaniesService } from './console/service.ts';
import { readLogo, readPdf, readVideo } from './console/uploads.ts';
import { siteTextsRoutes } from './console/site-texts-routes.ts';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { FileService } from './files/service.ts';

const tags = ['console companies'];
const refused = { 401: errorEnvelope, 403: errorEnvelope };
const scoped = { ...refused, 400: errorEnvelope, 404: errorEnvelope };
const settingsReply = { 200: envelope(companySettings), ...scoped };
const uploadReply = { ...settingsReply, 413: errorEnvelope };

/** Companies and their white-label configuration (issue 7, point 2). */
export function companiesRoutes(deps: Pick<AdminDeps, 'database'> & { files: FileService; caches: CacheBus }): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createCompaniesService({ db: deps.database.db, files: deps.files, caches: deps.caches });
    await app.register(siteTextsRoutes({ db: deps.database.db, caches: deps.caches }));

    app.get(
      '/companies',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'The companies the operator may work on (owner: all; admin and support: their own)',
          response: { 200: envelope(consoleCompanyList), ...refused },
        },
      },
      async (req, res) => reply(res, await service.list(operatorOf(req))),
    );

    app.post(
      '/companies',
      {
        onRequest: requireOperator('owner'),
        schema: {
          tags,
          summary:
            'Owner: creates a company (name, slug, website addresses, the contact details its site requires); 409 naming a slug or address another company has',
          body: createCompanyRequest,
          response: { 200: envelope(companySettings), 400: errorEnvelope, 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => reply(res, await service.create(operatorOf(req), req.body), companiesMessages.created),
    );

    app.get(
      '/companies/:companyId/settings',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: "The company's whole white-label configuration, in sections",
          params: companyIdParams,
          response: settingsReply,
        },
      },
      async (req, res) => reply(res, await service.settings(await companyInScope(deps.database.db, req))),
    );

    app.put(
      '/companies/:companyId/settings',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Changes any sections (brand, contact, addresses, social, menus, documents, maintenance, origins, vm); lists are replaced whole. The site shows it at once',
          params: companyIdParams,
          body: updateCompanySettingsRequest,
          response: { ...settingsReply, 409: errorEnvelope },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(deps.database.db, req);
        return reply(res, await service.update(operatorOf(req), companyId, req.body), companiesMessages.saved);
      },
    );

    app.post(
      '/companies/:companyId/settings/logo',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Uploads the logo (multipart field "logo": PNG, JPEG, WebP or GIF by content, at most 2 MB)',
          consumes: ['multipart/form-data'],
          params: companyIdParams,
          response: uploadReply,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(deps.database.db, req);
        const upload = await readLogo(req);
        return reply(res, await service.attach(operatorOf(req), companyId, 'logo', upload), companiesMessages.uploaded);
      },
    );

    app.post(
      '/companies/:companyId/settings/video',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Uploads the home page video (multipart field "video": MP4 or WebM by content, at most 20 MB)',
          consumes: ['multipart/form-data'],
          params: companyIdParams,
          response: uploadReply,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(deps.database.db, req);
        const upload = await readVideo(req);
        return reply(res, await service.attach(operatorOf(req), companyId, 'video', upload), companiesMessages.uploaded);
      },
    );

    app.post(
      '/companies/:companyId/settings/documents/:document',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Uploads the registration agreement, terms or privacy policy as a PDF (multipart field "file", checked by content, at most 10 MB)',
          consumes: ['multipart/form-data'],
          params: documentParams,
          response: uploadReply,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(deps.database.db, req);
        const upload = await readPdf(req, req.params.document === 'registrationAgreement' ? 'registration-agreement' : req.params.document);
        return reply(res, await service.attach(operatorOf(req), companyId, req.params.document, upload), companiesMessages.uploaded);
      },
    );
  };
}
