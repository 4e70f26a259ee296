import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  etimsDocumentParams,
  etimsDocumentsQuery,
  etimsDocumentsReply,
  etimsEntityParams,
  etimsMessages as texts,
  etimsResubmitReply,
  etimsSettingsInput,
  etimsSettingsReply,
} from '@mawingu/contracts/admin/etims';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import { MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import type { EtimsAdmin } from './etims-admin.ts';

const tags = ['admin: eTIMS'];
const settingsAnswer = { 200: envelope(etimsSettingsReply), ...refused };

/**
 * Console: eTIMS under /api/admin/companies/:companyId/ (owners and admins; ADR 0121): a Kenyan
 * entity's device settings and initialisation, the documents awaiting or refused, resubmission.
 */
export function etimsAdminRoutes(db: Db, admin: EtimsAdmin): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/companies/:companyId/legal-entities/:entityId/etims',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The entity’s eTIMS device settings (never its communication key)',
          params: etimsEntityParams,
          response: settingsAnswer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, { settings: await admin.settingsOf(companyId, req.params.entityId) });
      },
    );

    app.put(
      '/companies/:companyId/legal-entities/:entityId/etims',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Saves a Kenyan entity’s branch id, device serial and OSCU address; another device forgets the old key. Audited',
          params: etimsEntityParams,
          body: etimsSettingsInput,
          response: settingsAnswer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const settings = await admin.save(operatorOf(req), companyId, req.params.entityId, req.body);
        return reply(res, { settings }, texts.saved);
      },
    );

    app.post(
      '/companies/:companyId/legal-entities/:entityId/etims/initialise',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Initialises the device at KRA (selectInitOsdcInfo); the key is sealed, KRA’s refusal kept and shown. Audited',
          params: etimsEntityParams,
          response: settingsAnswer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { settings, message } = await admin.initialise(operatorOf(req), companyId, req.params.entityId);
        return reply(res, { settings }, message);
      },
    );

    app.get(
      '/companies/:companyId/etims/documents',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Invoices and credit notes eTIMS has not signed yet or refused (with KRA’s reason), or with status=signed the signed ones; newest first',
          params: companyIdParams,
          querystring: etimsDocumentsQuery,
          response: { 200: envelope(etimsDocumentsReply), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, { documents: await admin.documents(companyId, req.query.legalEntityId, req.query.status) });
      },
    );

    app.post(
      '/companies/:companyId/etims/documents/:documentId/resubmit',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Submits a pending or refused document again under its kept number (409 when already signed). Audited',
          params: etimsDocumentParams,
          response: {
            200: envelope(etimsResubmitReply),
            409: errorEnvelope,
            ...refused,
          },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const done = await admin.resubmit(operatorOf(req), companyId, req.params.documentId);
        return reply(res, { status: done.status, reason: done.reason }, texts.resubmitted);
      },
    );
  };
}
