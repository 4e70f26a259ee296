import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import { envelope } from '@mawingu/contracts/envelope';
import { siteTexts, siteTextsMessages, updateSiteTextsRequest } from '@mawingu/contracts/site-texts';
import type { Db } from '../../../db/client.ts';
import { reply } from '../../../http/envelope.ts';
import type { CacheBus } from '../../../cache/cache-bus.ts';
import { companyInScope, MANAGERS, operatorOf, requireOperator } from '../../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../../console/refusals.ts';
import { createSiteTexts } from './site-texts.ts';

const tags = ['console companies'];

/** The brand's own texts of its public site, under /api/admin/companies/:companyId/site-texts (owners and admins). */
export function siteTextsRoutes(deps: { db: Db; caches: Pick<CacheBus, 'invalidate'> }): FastifyPluginAsyncZod {
  const texts = createSiteTexts(deps);
  return async (app) => {
    app.get(
      '/companies/:companyId/site-texts',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'The site texts the brand wrote, by language (missing ones show the site’s own)',
          params: companyIdParams,
          response: { 200: envelope(siteTexts), ...refused },
        },
      },
      async (req, res) => reply(res, await texts.read(await companyInScope(deps.db, req))),
    );

    app.put(
      '/companies/:companyId/site-texts',
      {
        onRequest: requireOperator(...MANAGERS),
        schema: {
          tags,
          summary: 'Replaces the brand’s site texts (an empty text shows the site’s own again); audited; the site shows them at once',
          params: companyIdParams,
          body: updateSiteTextsRequest,
          response: { 200: envelope(siteTexts), ...refused },
        },
      },
      async (req, res) =>
        reply(res, await texts.save(operatorOf(req), await companyInScope(deps.db, req), req.body.texts), siteTextsMessages.saved),
    );
  };
}
