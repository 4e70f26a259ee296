import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFaqEntry,
  adminFaqList,
  adminNewsItem,
  adminNewsList,
  contentMessages as m,
  faqInput,
  faqOrderInput,
  NEWS_IMAGE_FIELD,
  NEWS_IMAGE_MAX_BYTES,
  newsImageReply,
  newsInput,
  newsletterSendInput,
  newsletterSendReply,
  notificationInput,
  notificationReply,
  recipientsReply,
  recipientQuery,
  subscribersExportQuery,
  subscribersPage,
  subscribersQuery,
} from '@mawingu/contracts/admin/content';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { announceChanges } from '../../cache/announce-changes.ts';
import type { CacheBus } from '../../cache/cache-bus.ts';
import { readUploadPart } from '../../http/upload-part.ts';
import { reply } from '../../http/envelope.ts';
import { resolveAuthSecret } from '../identity/index.ts';
import { createNewsletterLinks } from './newsletter/links.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { companyInScope, MANAGERS, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../console/refusals.ts';
import { createAdminFaqService } from './console/faq-service.ts';
import { createAdminNewsService, savedNewsMessage } from './console/news-service.ts';
import { createAdminNewsletterService } from './console/newsletter-service.ts';
import { createAdminNotifyService } from './console/notify-service.ts';
import { MAX_ID } from '@mawingu/contracts/ids';
import type { NotificationService } from '../identity/index.ts';
import { sendCsv } from '../../http/csv.ts';
import type { FileService } from '../tenant/index.ts';

const base = '/companies/:companyId/content';
const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);
const companyParams = z.object({ companyId: id('Company not found.') });
const newsParams = companyParams.extend({ newsId: id(m.newsNotFound) });
const faqParams = companyParams.extend({ faqId: id(m.faqNotFound) });
const done = envelope(z.null());

/**
 * Console content (issue 7, point 6) under /api/admin/companies/:companyId/content: news, FAQ,
 * notifications and the newsletter. Owner and admin only (support is refused with 403); every change
 * is audited in the transaction that makes it.
 */
export function contentRoutes(
  deps: Pick<AdminDeps, 'database' | 'config' | 'queue'> & { caches: CacheBus; files: FileService; notifications: NotificationService },
): FastifyPluginAsyncZod {
  const { db } = deps.database;
  const newsService = createAdminNewsService(db, deps.files);
  const faqService = createAdminFaqService(db);
  const notifyService = createAdminNotifyService(db, deps.notifications);
  const newsletterService = createAdminNewsletterService(db, deps.queue, createNewsletterLinks(resolveAuthSecret(deps.config)));
  const guard = requireOperator(...MANAGERS);

  return async (app) => {
    // The site's news and FAQ replies are cached: every change here is announced.
    announceChanges(app, deps.caches, 'content');

    // ---- news ----
    app.get(
      `${base}/news`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: "The company's news, newest first",
          params: companyParams,
          response: { 200: envelope(adminNewsList), ...refused },
        },
      },
      async (req, res) => reply(res, await newsService.list(await companyInScope(db, req))),
    );

    app.post(
      `${base}/news`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary:
            'Adds a news item (title, text or HTML, uploaded image or none, http(s) links, date; a later date schedules it, a draft stays unpublished)',
          params: companyParams,
          body: newsInput,
          response: { 200: envelope(adminNewsItem), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const item = await newsService.create(operatorOf(req), companyId, req.body);
        return reply(res, item, savedNewsMessage(item, m.newsCreated));
      },
    );

    app.put(
      `${base}/news/:newsId`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Saves a news item',
          params: newsParams,
          body: newsInput,
          response: { 200: envelope(adminNewsItem), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const item = await newsService.update(operatorOf(req), companyId, req.params.newsId, req.body);
        return reply(res, item, savedNewsMessage(item, m.newsUpdated));
      },
    );

    app.delete(
      `${base}/news/:newsId`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Deletes a news item (and its uploaded image)',
          params: newsParams,
          response: { 200: done, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        await newsService.remove(operatorOf(req), companyId, req.params.newsId);
        return reply(res, null, m.newsDeleted);
      },
    );

    app.post(
      `${base}/news/image`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: `Uploads a news image (multipart field "${NEWS_IMAGE_FIELD}": JPEG, PNG, WebP or GIF up to 5 MB, type read from the bytes); returns its path`,
          consumes: ['multipart/form-data'],
          params: companyParams,
          response: { 200: envelope(newsImageReply), 413: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { bytes, field } = await readUploadPart(req, {
          field: NEWS_IMAGE_FIELD,
          maxBytes: NEWS_IMAGE_MAX_BYTES,
          texts: { required: m.imageRequired, tooLarge: m.imageTooLarge },
          blameSentField: true,
        });
        return reply(res, { imagePath: await newsService.saveImage(operatorOf(req), companyId, bytes, field) }, m.imageUploaded);
      },
    );

    // ---- FAQ ----
    app.get(
      `${base}/faq`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: "The company's FAQ entries, by tab (General, Products, Profile, Contact) in the site's order",
          params: companyParams,
          response: { 200: envelope(adminFaqList), ...refused },
        },
      },
      async (req, res) => reply(res, await faqService.list(await companyInScope(db, req))),
    );

    app.post(
      `${base}/faq`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Adds an FAQ entry at the end of its tab',
          params: companyParams,
          body: faqInput,
          response: { 200: envelope(adminFaqEntry), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await faqService.create(operatorOf(req), companyId, req.body), m.faqCreated);
      },
    );

    // Before /faq/:faqId, so "order" is not taken for an id.
    app.put(
      `${base}/faq/order`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: "Sets one tab's order (every entry id of the tab, first to last)",
          params: companyParams,
          body: faqOrderInput,
          response: { 200: envelope(adminFaqList), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await faqService.reorder(operatorOf(req), companyId, req.body), m.faqReordered);
      },
    );

    app.put(
      `${base}/faq/:faqId`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Saves an FAQ entry (another tab: to its end)',
          params: faqParams,
          body: faqInput,
          response: { 200: envelope(adminFaqEntry), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await faqService.update(operatorOf(req), companyId, req.params.faqId, req.body), m.faqUpdated);
      },
    );

    app.delete(
      `${base}/faq/:faqId`,
      {
        onRequest: guard,
        schema: { tags: ['admin content'], summary: 'Deletes an FAQ entry', params: faqParams, response: { 200: done, ...refused } },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        await faqService.remove(operatorOf(req), companyId, req.params.faqId);
        return reply(res, null, m.faqDeleted);
      },
    );

    // ---- notifications ----
    app.get(
      `${base}/recipients`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Customers of the company matching a name, e-mail or id (at most 20) and how many it has, for the notification form',
          params: companyParams,
          querystring: recipientQuery,
          response: { 200: envelope(recipientsReply), ...refused },
        },
      },
      async (req, res) => reply(res, await notifyService.recipients(await companyInScope(db, req), req.query.q)),
    );

    app.post(
      `${base}/notifications`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary:
            'Notifies one customer of the company (customerId or email) or all of them (audience "all"); shows under the customer\'s bell',
          params: companyParams,
          body: notificationInput,
          response: { 200: envelope(notificationReply), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, { sent: await notifyService.send(operatorOf(req), companyId, req.body) }, m.notificationSent);
      },
    );

    // ---- newsletter ----
    app.get(
      `${base}/newsletter/subscribers`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Newsletter subscribers, newest first, paged, with a search by e-mail and a status filter',
          params: companyParams,
          querystring: subscribersQuery,
          response: { 200: envelope(subscribersPage), ...refused },
        },
      },
      async (req, res) => reply(res, await newsletterService.page(await companyInScope(db, req), req.query)),
    );

    app.get(
      `${base}/newsletter/subscribers.csv`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'The subscribers as a CSV file (e-mail, status, dates; formula-safe)',
          params: companyParams,
          querystring: subscribersExportQuery,
          produces: ['text/csv'],
          response: { 200: z.string().describe('CSV (text/csv)'), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const file = await newsletterService.exportCsv(operatorOf(req), companyId, req.query);
        return sendCsv(res, file);
      },
    );

    app.post(
      `${base}/newsletter/send`,
      {
        onRequest: guard,
        schema: {
          tags: ['admin content'],
          summary: 'Queues the newsletter: one mail per active subscriber, each with its own unsubscribe link; returns how many',
          params: companyParams,
          body: newsletterSendInput,
          response: { 200: envelope(newsletterSendReply), 409: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, { queued: await newsletterService.send(operatorOf(req), companyId, req.body) }, m.newsletterQueued);
      },
    );
  };
}
