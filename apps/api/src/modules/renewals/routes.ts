import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RenewalService } from './service.ts';

export function renewalRoutes(_renewals: RenewalService): FastifyPluginAsyncZod {
  return async () => {};
}
