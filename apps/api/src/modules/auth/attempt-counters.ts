import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attemptCounters } from '../../db/schema.ts';

/** What a counter counts and for whom, within one company. */
export type CounterKey = { companyId: number; scope: string; subject: string };

/** A limit: at most `max` counted attempts per fixed window of `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/**
 * Fixed-window attempt counters in the database (`attempt_counters`). `hit` counts and answers in
 * one atomic upsert, so concurrent requests on any number of instances cannot slip past a limit.
 */
export function createAttemptCounters(db: Db) {
  const c = attemptCounters;
  const windowOver = (windowSeconds: number) => sql`${c.windowStartedAt} <= now() - (${windowSeconds}::int * interval '1 second')`;

  /** Counts one attempt; true while the count in the current window is within the limit. */
  async function hit(key: CounterKey, limit: Limit): Promise<boolean> {
    const over = windowOver(limit.windowSeconds);
    const [row] = await db
      .insert(c)
      .values({ ...key, count: 1 })
      .onConflictDoUpdate({
        target: [c.companyId, c.scope, c.subject],
        set: {
          count: sql`case when ${over} then 1 else ${c.count} + 1 end`,
          windowStartedAt: sql`case when ${over} then now() else ${c.windowStartedAt} end`,
        },
      })
      .returning({ count: c.count });
    // Rows of finished windows are useless; dropping a few now and then keeps the table small.
    if (Math.random() < 0.02) await db.delete(c).where(sql`${c.windowStartedAt} < now() - interval '1 day'`);
    return (row?.count ?? 0) <= limit.max;
  }

  /** Whether the key has used up its limit in the current window (counts nothing). */
  async function exhausted(key: CounterKey, limit: Limit): Promise<boolean> {
    const [row] = await db
      .select({ count: c.count })
      .from(c)
      .where(and(eq(c.companyId, key.companyId), eq(c.scope, key.scope), eq(c.subject, key.subject), sql`not (${windowOver(limit.windowSeconds)})`))
      .limit(1);
    return (row?.count ?? 0) >= limit.max;
  }

  /** Forgets the attempts of a key (after a success, or a password reset). */
  async function clear(key: CounterKey): Promise<void> {
    await db.delete(c).where(and(eq(c.companyId, key.companyId), eq(c.scope, key.scope), eq(c.subject, key.subject)));
  }

  return { hit, exhausted, clear };
}

export type AttemptCounters = ReturnType<typeof createAttemptCounters>;
