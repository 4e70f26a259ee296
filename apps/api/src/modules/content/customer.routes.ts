import type { FastifyPluginAsync } from 'fastify';
import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { CompanyService } from '../tenant/index.ts';
import type { ContactService } from './contact/service.ts';
import type { FaqService } from './faq/service.ts';
import type { NewsService } from './news/service.ts';
import type { NewsletterService } from './newsletter/service.ts';
import { contactRoutes } from './contact/routes.ts';
import { faqRoutes } from './faq/routes.ts';
import { newsRoutes } from './news/routes.ts';
import { newsletterRoutes } from './newsletter/routes.ts';

export function contentCustomerRoutes(s: {
  company: CompanyService;
  news: NewsService;
  faq: FaqService;
  newsletter: NewsletterService;
  contact: ContactService;
  replies: ReplyCache;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(newsRoutes(s.company, s.news, s.replies));
    await api.register(faqRoutes(s.company, s.faq, s.replies));
    await api.register(newsletterRoutes(s.company, s.newsletter));
    await api.register(contactRoutes(s.company, s.contact));
  };
}
