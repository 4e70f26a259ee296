import type { FastifyInstance } from 'fastify';
import type { CacheBus } from '../../cache/cache-bus.ts';
import type { ReplyCache } from '../../cache/reply-cache.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { MailTransport } from '../../integrations/mail/mail.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { contentRoutes } from './console.routes.ts';
import { createContactService } from './contact/service.ts';
import { contentCustomerRoutes } from './customer.routes.ts';
import { createFaqService } from './faq/service.ts';
import { createCompanyMail } from './mail/company-mail.ts';
import { createNewsService } from './news/service.ts';
import { createNewsletterLinks } from './newsletter/links.ts';
import { createNewsletterService } from './newsletter/service.ts';

type Deps = {
  config: Config;
  database: Database;
  queue: JobQueue;
  platform: PlatformModule;
  tenant: TenantModule;
  identity: IdentityModule;
  caches: CacheBus;
  replies: ReplyCache;
  mailTransport: MailTransport;
};

/** The site's pages and messages: news, FAQ, newsletter, contact, the console's notices, each company's mail. */
export function createContentModule({ config, database, queue, platform, tenant, identity, caches, replies, mailTransport }: Deps) {
  const { db } = database;
  const news = createNewsService(db);
  const faq = createFaqService(db);
  const contact = createContactService(db, platform.mail);
  // Newsletters sent from the console carry signed unsubscribe links (newsletter/links.ts).
  const newsletter = createNewsletterService(db, platform.mail, createNewsletterLinks(identity.authSecret));
  const companyMail = createCompanyMail({
    db,
    secretBox: identity.secretBox,
    company: tenant.company,
    mail: platform.mail,
    caches,
    serverTransport: mailTransport,
    serverFrom: config.mailFrom,
    cacheTtlMs: config.cacheTtlMs,
  });
  const pages = contentRoutes({ config, database, queue, caches, files: tenant.files, notifications: identity.notifications });
  return {
    /** The send-mail job's transport: every company's mail in its brand, through its own server when set. */
    mailDelivery: companyMail.delivery,
    companyMail,
    customerRoutes: contentCustomerRoutes({ company: tenant.company, news, faq, newsletter, contact, replies }),
    consoleRoutes: async (app: FastifyInstance) => {
      await app.register(pages);
      await app.register(companyMail.consoleRoutes);
    },
  };
}
