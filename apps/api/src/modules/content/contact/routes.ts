import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeToUsRequest } from '@mawingu/contracts/contact';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { reply } from '../../../http/envelope.ts';
import { requestLanguage } from '../../../http/request-language.ts';
import { requireTenant } from '../../../http/tenant.ts';
import type { CompanyService } from '../../tenant/index.ts';
import type { ContactService } from './service.ts';

export function contactRoutes(company: CompanyService, contact: ContactService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/writeToUs',
      {
        // Each call sends two mails: bound what one address can make the server send.
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: {
          tags: ['contact'],
          summary: 'Sends a "Write to us" message to the company and acknowledges it to the sender',
          body: writeToUsRequest,
          response: { 200: envelope(z.null()), 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const tenant = await requireTenant(company, req, req.body.websiteUrl);
        await contact.writeToUs(tenant, req.body, requestLanguage(req));
        return reply(res, null, messages.writeToUsSent);
      },
    );
  };
}
