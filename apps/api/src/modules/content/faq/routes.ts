import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { getFaqRequest, getFaqResponse } from '@mawingu/contracts/faq';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { FaqService } from './service.ts';

export function faqRoutes(company: CompanyService, faq: FaqService, replies: ReplyCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/faq/getFaq',
      {
        schema: {
          tags: ['faq'],
          summary: 'Questions and answers of the site the call comes from, grouped by tab',
          body: getFaqRequest,
          response: { 200: getFaqResponse, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return replies.send(res, tenant.id, 'faq', getFaqResponse, async () => ({ data: await faq.list(tenant.id) }));
      },
    );
  };
}
