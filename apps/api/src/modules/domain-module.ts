import type { FastifyPluginAsync } from 'fastify';
import type { JobKind } from '../jobs/queue.ts';

/**
 * What a domain's `module.ts` hands to the app and the worker: its customer door (under /api), its
 * console door (under /api/admin), the job kinds its workers take and the ones that run on a clock.
 */
export type DomainDoors = {
  customerRoutes?: FastifyPluginAsync;
  consoleRoutes?: FastifyPluginAsync;
  jobs?: () => JobKind<any>[];
  schedules?: { name: string; cron: string }[];
};
