import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { getAllNewsRequest, getAllNewsResponse, getNewsDetailRequest, getNewsDetailResponse } from '@mawingu/contracts/news';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { NewsService } from './service.ts';

export function newsRoutes(company: CompanyService, news: NewsService, replies: ReplyCache): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/news/getAllNews',
      {
        schema: {
          tags: ['news'],
          summary: 'News of the site the call comes from, newest first',
          body: getAllNewsRequest,
          response: { 200: getAllNewsResponse, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        return replies.send(res, tenant.id, 'news', getAllNewsResponse, async () => {
          // A scheduled item appears at its date: the kept reply ends then.
          const { items, next } = await news.list(tenant.id);
          return { data: items, until: next ?? undefined };
        });
      },
    );

    app.post(
      '/news/getNewsDetail',
      {
        schema: {
          tags: ['news'],
          summary: 'One news item of the site the call comes from (404 "News not available." otherwise)',
          body: getNewsDetailRequest,
          response: { 200: getNewsDetailResponse, 400: errorEnvelope, 404: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        const id = req.body.ID;
        return replies.send(res, tenant.id, `news/${id}`, getNewsDetailResponse, async () => ({ data: await news.detail(tenant.id, id) }));
      },
    );
  };
}
