import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { subscribeUserRequest, unSubscribeUserRequest } from '@mawingu/contracts/newsletter';
import { z } from 'zod';
import { reply } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/request-language.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { NewsletterService } from './service.ts';

const done = envelope(z.null());
const FORM = 'application/x-www-form-urlencoded';

/**
 * RFC 8058 one-click unsubscribe: a mail program POSTs `List-Unsubscribe=One-Click` (form-encoded)
 * to the List-Unsubscribe URL, without cookies or a page to confirm; the token in the URL ends the
 * subscription as the mail's own link does. In its own plugin so the form parser stays here.
 */
function oneClickRoute(company: CompanyService, newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    if (app.hasContentTypeParser(FORM)) app.removeContentTypeParser(FORM);
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_req, body, parsed) => parsed(null, body));
    app.post(
      '/newsLetter/oneClick',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post), the token in the URL',
          querystring: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: done, 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, undefined);
        await newsletter.unsubscribe(tenant.id, req.query.token);
        return reply(res, null, messages.unsubscribed);
      },
    );
  };
}

export function newsletterRoutes(company: CompanyService, newsletter: NewsletterService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(oneClickRoute(company, newsletter));

    app.post(
      '/newsLetter/subscribeUser',
      {
        // Each call sends a mail: bound what one address can make the server send.
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary: 'Subscribes an e-mail address (409 when it is already subscribed) and mails an unsubscribe link',
          body: subscribeUserRequest,
          response: { 200: done, 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await newsletter.subscribe(tenant, req.body.emailID, requestLanguage(req));
        return reply(res, null, messages.subscribed);
      },
    );

    app.post(
      '/newsLetter/unSubscribeUser',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['newsletter'],
          summary: 'Ends a subscription with the token of its unsubscribe link (works once)',
          body: unSubscribeUserRequest,
          response: { 200: done, 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await newsletter.unsubscribe(tenant.id, req.body.queryStringValue);
        return reply(res, null, messages.unsubscribed);
      },
    );
  };
}
