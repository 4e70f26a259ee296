import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { VmChangeService } from './service.ts';

export function vmChangeRoutes(_changes: VmChangeService): FastifyPluginAsyncZod {
  return async () => {};
}
