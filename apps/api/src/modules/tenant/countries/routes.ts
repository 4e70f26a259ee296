import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countryList } from '@mawingu/contracts/auth';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { reply } from '../../../http/envelope.ts';
import type { CountryService } from './service.ts';

export function countryRoutes(countries: CountryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/getCountryCode',
      {
        schema: {
          tags: ['accounts'],
          summary: 'Dialling codes with each country’s mobile number length bounds (signup and profile forms)',
          response: { 200: envelope(countryList), 500: errorEnvelope },
        },
      },
      async (_req, res) => reply(res, await countries.list()),
    );
  };
}
