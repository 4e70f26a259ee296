import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimitCounters as counters } from '../../db/schema.ts';

type Counted = { current: number; ttl: number };
/** What @fastify/rate-limit hands `child` besides the merged options: the route it is for. */
type RouteOptions = FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } };

/** One request in `key`'s fixed window: one atomic upsert, so instances counting at once never lose a hit. */
export async function countHit(db: Db, key: string, timeWindowMs: number): Promise<Counted> {
  const ended = sql`${counters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(counters)
    .values({ key, hits: 1, windowEndsAt: sql`now() + ${timeWindowMs}::double precision * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: counters.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${counters.hits} + 1 end`,
        windowEndsAt: sql`case when ${ended} then excluded.window_ends_at else ${counters.windowEndsAt} end`,
      },
    })
    .returning({
      hits: counters.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${counters.windowEndsAt} - now())) * 1000))::int`,
    });
  return { current: row!.hits, ttl: Number(row!.ttl) };
}

/** Drops the rows of ended windows (an index on window_ends_at keeps this cheap). */
export async function sweepEndedWindows(db: Db): Promise<void> {
  await db.delete(counters).where(lt(counters.windowEndsAt, sql`now()`));
}

/**
 * A @fastify/rate-limit store on the shared PostgreSQL database, so a limit holds for all
 * instances together: fixed windows like the plugin's own stores, one row per route and client.
 * A window's row is reused when it comes round again; about one request in `1 / sweepChance`
 * also sweeps the ended windows of clients that did not come back.
 */
export function postgresRateLimitStore(db: Db, sweepChance = 0.01): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    constructor(
      options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {
      // The plugin's own stores honour these; this one would silently count plain windows instead.
      const { continueExceeding, exponentialBackoff } = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      if (continueExceeding || exponentialBackoff)
        throw new Error('rate limits on PostgreSQL: continueExceeding and exponentialBackoff are not supported');
    }

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void {
      countHit(db, this.prefix + key, timeWindow).then(
        (counted) => callback(null, counted),
        (err: Error) => callback(err),
      );
      // A failed sweep changes nothing a client sees; the next one tries again.
      if (Math.random() < sweepChance) sweepEndedWindows(db).catch(() => {});
    }

    child(routeOptions: RouteOptions): FastifyRateLimitStore {
      // Per route, like the plugin's stores: each route's limit counts its own requests.
      const route = routeOptions.routeInfo;
      return new PostgresRateLimitStore(routeOptions, `${String(route?.method ?? '')}${route?.url ?? ''}-`);
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
