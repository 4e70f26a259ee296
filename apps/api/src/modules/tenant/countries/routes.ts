import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryList } from '@mawingu/contracts/auth';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import type { ReplyCache } from '../../../cache/reply-cache.ts';
import type { CountryService } from './service.ts';

export function countryRoutes(countries: CountryService, replies: ReplyCache): FastifyPluginAsyncZod {
  const response = envelope(countryList);
  return async (app) => {
    app.get(
      '/getCountryCode',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Dialling codes with each country’s mobile number length bounds (signup and profile forms)',
          response: { 200: response, 500: errorEnvelope },
        },
      },
      // The same for every company: kept once, for the TTL (no one changes the list while the server runs).
      async (_req, res) => replies.send(res, null, 'countries', response, async () => ({ data: await countries.list() })),
    );
  };
}
