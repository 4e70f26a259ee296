import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { reply } from '../../../http/envelope.ts';
import type { Readiness } from './readiness.ts';

const liveness = envelope(z.object({ live: z.literal(true) }));
const readinessReply = envelope(
  z.object({
    ready: z.boolean(),
    /** Absent while stopping (the database is not asked then). */
    database: z.enum(['ok', 'unreachable']).optional(),
    /** Tags of the committed migrations not applied (null when the database does not answer). */
    missingMigrations: z.array(z.string()).nullable().optional(),
    /** The instance got SIGTERM: it still serves what arrives while the load balancer takes it out. */
    stopping: z.literal(true).optional(),
  }),
);

/** What a 503 says is missing, for the operator reading the load balancer's check. */
function notReadyMessage(state: Exclude<Readiness, { ready: true }>): string {
  if ('stopping' in state) return 'Not ready: shutting down';
  if (state.database === 'unreachable') return 'Not ready: the database does not answer';
  return `Not ready: migrations not applied: ${state.missingMigrations?.join(', ')} (run the migrate step: node apps/api/dist/migrate.js in a release, npm run db:migrate in a checkout)`;
}

/**
 * For load balancers and orchestrators: no company origin (no tenant lookup), no rate limit, never
 * cached. Liveness touches nothing but the process; readiness asks the database.
 */
export function healthRoutes(readiness: () => Promise<Readiness>): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { rateLimit: false } as const;
    app.get(
      '/health',
      {
        config,
        schema: { tags: ['operations'], summary: 'Liveness: 200 while the process serves (no database call)', response: { 200: liveness } },
      },
      async (_req, res) => reply(res.header('cache-control', 'no-store'), { live: true as const }),
    );
    app.get(
      '/ready',
      {
        config,
        schema: {
          tags: ['operations'],
          summary: 'Readiness: 200 when the database answers and every committed migration is applied, else 503 saying what is missing',
          response: { 200: readinessReply, 503: readinessReply },
        },
      },
      async (_req, res) => {
        const state = await readiness();
        res.header('cache-control', 'no-store');
        return state.ready ? reply(res, state, messages.ok) : reply(res, state, notReadyMessage(state), 503);
      },
    );
  };
}
