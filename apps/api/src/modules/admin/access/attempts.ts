import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operatorAttemptCounters } from '../../../db/schema.ts';
import type { Limit } from '../../auth/attempt-counters.ts';

/** What a console counter counts and for whom (no company: operators span companies). */
export type ConsoleCounterKey = { scope: 'login-email' | 'login-address' | 'verify'; subject: string };

/**
 * Every limit of the console's login in one place (README, docs/decisions.md). Per address in
 * memory (@fastify/rate-limit) as a first brake; failed attempts in the database, shared by all
 * instances: per e-mail and per address for passwords, per operator for codes.
 */
export const consoleLimits = {
  perAddress: {
    login: { max: 30, timeWindow: '1 minute' },
    verify: { max: 30, timeWindow: '1 minute' },
    /** Changing one's own password (its wrong current passwords count as wrong logins too). */
    password: { max: 30, timeWindow: '1 minute' },
  },
  /** Password attempts for one e-mail (logins and password changes); a correct password starts afresh. */
  loginEmail: { max: 5, windowSeconds: 15 * 60 },
  /** Failed password attempts from one client address, whichever e-mails it tries. */
  loginAddress: { max: 20, windowSeconds: 15 * 60 },
  /** Wrong TOTP or recovery codes for one operator, across challenges. */
  verify: { max: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, unknown>;

/** Fixed-window counters in `operator_attempt_counters`; `hit` counts and answers in one upsert. */
export function createConsoleCounters(db: Db) {
  const c = operatorAttemptCounters;
  const windowOver = (windowSeconds: number) => sql`${c.windowStartedAt} <= now() - (${windowSeconds}::int * interval '1 second')`;

  /** Counts one attempt; true while the count in the current window is within the limit. */
  async function hit(key: ConsoleCounterKey, limit: Limit): Promise<boolean> {
    const over = windowOver(limit.windowSeconds);
    const [row] = await db
      .insert(c)
      .values({ ...key, count: 1 })
      .onConflictDoUpdate({
        target: [c.scope, c.subject],
        set: {
          count: sql`case when ${over} then 1 else ${c.count} + 1 end`,
          windowStartedAt: sql`case when ${over} then now() else ${c.windowStartedAt} end`,
        },
      })
      .returning({ count: c.count });
    if (Math.random() < 0.02) await db.delete(c).where(sql`${c.windowStartedAt} < now() - interval '1 day'`);
    return (row?.count ?? 0) <= limit.max;
  }

  /** Whether the key has used up its limit in the current window (counts nothing). */
  async function exhausted(key: ConsoleCounterKey, limit: Limit): Promise<boolean> {
    const [row] = await db
      .select({ count: c.count })
      .from(c)
      .where(and(eq(c.scope, key.scope), eq(c.subject, key.subject), sql`not (${windowOver(limit.windowSeconds)})`))
      .limit(1);
    return (row?.count ?? 0) >= limit.max;
  }

  async function clear(key: ConsoleCounterKey): Promise<void> {
    await db.delete(c).where(and(eq(c.scope, key.scope), eq(c.subject, key.subject)));
  }

  return { hit, exhausted, clear };
}

export type ConsoleCounters = ReturnType<typeof createConsoleCounters>;
