import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleCompanyList } from '@mawingu/contracts/admin/companies';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import type { AdminDeps } from '../admin-deps.ts';
import { ANY_OPERATOR, operatorOf, requireOperator } from '../operator-guard.ts';
import { createCompaniesService } from './service.ts';

const tags = ['console companies'];
const refused = { 401: errorEnvelope, 403: errorEnvelope };

/** Companies and their white-label configuration (issue 7, point 2). */
export function companiesRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const service = createCompaniesService(deps.database.db);

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
  };
}
