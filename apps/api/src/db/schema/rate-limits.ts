import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Per-address request counters of @fastify/rate-limit when the instances share PostgreSQL
 * (http/rate-limit/postgres-store.ts): one fixed window per route and client, so a limit holds
 * for all instances together. Rows of ended windows are reused or swept.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The route and the client's key (its address, or what the route's keyGenerator says). */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_idx').on(t.windowEndsAt)],
);
