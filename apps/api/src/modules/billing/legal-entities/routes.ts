import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  legalEntitiesReply,
  legalEntityInput,
  legalEntityMessages as texts,
  legalEntityParams,
  regionSellersUpdate,
} from '@mawingu/contracts/admin/legal-entities';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import { MANAGERS, companyInScope, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createLegalEntityAdmin } from './service.ts';

const tags = ['admin: legal entities'];
const answer = { 200: envelope(legalEntitiesReply), ...refused };

/**
 * Console: the company's legal entities and who sells in each region, under
 * /api/admin/companies/:companyId/ (owners and admins). Invoices take the seller of the order's
 * region when they are issued, and keep it.
 */
export function legalEntityRoutes(db: Db, caches: CacheBus): FastifyPluginAsyncZod {
  // A region's seller decides its tax base, part of the purchase terms cached under 'catalogue'.
  const entities = createLegalEntityAdmin(db, (companyId) => caches.invalidate('catalogue', companyId));
  return async (app) => {
    app.get(
      '/companies/:companyId/legal-entities',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The legal entities (with their invoice counts) and the seller of each region',
          params: companyIdParams,
          response: answer,
        },
      },
      async (req, res) => reply(res, await entities.read(await companyInScope(db, req))),
    );

    app.post(
      '/companies/:companyId/legal-entities',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary:
            'Adds a legal entity: name, address, tax country and number (VAT number or KRA PIN), series prefix, time zone, currency. Audited',
          params: companyIdParams,
          body: legalEntityInput,
          response: answer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await entities.create(operatorOf(req), companyId, req.body), texts.saved);
      },
    );

    app.put(
      '/companies/:companyId/legal-entities/:entityId',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Changes a legal entity; invoices already issued keep the details they were issued with. Audited',
          params: legalEntityParams,
          body: legalEntityInput,
          response: answer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await entities.update(operatorOf(req), companyId, req.params.entityId, req.body), texts.saved);
      },
    );

    app.delete(
      '/companies/:companyId/legal-entities/:entityId',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Removes a legal entity that has issued no invoice and sells in no region (409 otherwise). Audited',
          params: legalEntityParams,
          response: { ...answer, 409: errorEnvelope },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await entities.remove(operatorOf(req), companyId, req.params.entityId), texts.removed);
      },
    );

    app.put(
      '/companies/:companyId/region-sellers',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Names the legal entity that sells in each listed region (null: the company itself); others stay. Audited',
          params: companyIdParams,
          body: regionSellersUpdate,
          response: answer,
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await entities.setSellers(operatorOf(req), companyId, req.body), texts.sellersSaved);
      },
    );
  };
}
