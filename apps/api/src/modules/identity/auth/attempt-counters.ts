import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

/** What a counter counts and for whom, within one company. */
export type CounterKey = { companyId: number; scope: string; subject: string };

/** A limit: at most `max` counted attempts per fixed window of `windowSeconds`. */
export type Limit = { max: number; windowSeconds: number };

/**
 * A table of fixed-window counters: `scope`, `subject`, `count`, `window_started_at`, and the
 * columns that set one family of counters apart (the company for customers, none for operators).
 */
type CounterTable<K> = { name: string; partition: (key: K) => Record<string, number> };

/**
 * Fixed-window attempt counters in the database, shared by all instances. `hit` counts and answers
 * in one atomic upsert, so concurrent requests on any number of instances cannot slip past a limit.
 * One implementation for the customers' `attempt_counters` and the console's `operator_attempt_counters`.
 */
export function createWindowCounters<K extends { scope: string; subject: string }>(db: Db, table: CounterTable<K>) {
  const t = sql.identifier(table.name);
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const columnsOf = (key: K) => ({ ...table.partition(key), scope: key.scope, subject: key.subject });
  const matching = (columns: Record<string, string | number>) =>
    sql.join(
      Object.entries(columns).map(([name, value]) => sql`${sql.identifier(name)} = ${value}`),
      sql` and `,
    );
  const windowOver = (windowSeconds: number) => sql`${t}.window_started_at <= now() - (${windowSeconds}::int * interval '1 second')`;

  /** Counts one attempt and returns the count in the current window. */
  async function add(key: K, windowSeconds: number): Promise<number> {
    const columns = columnsOf(key);
    const names = sql.join(
      Object.keys(columns).map((name) => sql.identifier(name)),
      sql`, `,
    );
    const values = sql.join(
      Object.values(columns).map((value) => sql`${value}`),
      sql`, `,
    );
    const over = windowOver(windowSeconds);
    const [row] = await rows<{ count: number }>(sql`
      insert into ${t} (${names}, count) values (${values}, 1)
      on conflict (${names}) do update set
        count = case when ${over} then 1 else ${t}.count + 1 end,
        window_started_at = case when ${over} then now() else ${t}.window_started_at end
      returning count`);
    // Rows of finished windows are useless; dropping a few now and then keeps the table small.
    if (Math.random() < 0.02) await db.execute(sql`delete from ${t} where window_started_at < now() - interval '1 day'`);
    return Number(row?.count ?? 0);
  }

  /** Counts one attempt; true while the count in the current window is within the limit. */
  async function hit(key: K, limit: Limit): Promise<boolean> {
    return (await add(key, limit.windowSeconds)) <= limit.max;
  }

  /** The attempts counted in the current window (counts nothing). */
  async function count(key: K, windowSeconds: number): Promise<number> {
    const [row] = await rows<{ count: number }>(
      sql`select count from ${t} where ${matching(columnsOf(key))} and not (${windowOver(windowSeconds)}) limit 1`,
    );
    return Number(row?.count ?? 0);
  }

  /** Whether the key has used up its limit in the current window (counts nothing). */
  async function exhausted(key: K, limit: Limit): Promise<boolean> {
    return (await count(key, limit.windowSeconds)) >= limit.max;
  }

  /** Takes back one attempt counted by `hit` (it turned out not to be a failure). */
  async function release(key: K): Promise<void> {
    await db.execute(sql`update ${t} set count = greatest(count - 1, 0) where ${matching(columnsOf(key))}`);
  }

  /** Forgets the attempts of a key (after a success, or a password reset). */
  async function clear(key: K): Promise<void> {
    await db.execute(sql`delete from ${t} where ${matching(columnsOf(key))}`);
  }

  /** Forgets every counter of the key's scope whose subject starts with the key's (e.g. one account from every address). */
  async function clearStartingWith(key: K): Promise<void> {
    const { subject, ...rest } = columnsOf(key);
    await db.execute(sql`delete from ${t} where ${matching(rest)} and starts_with(subject, ${subject})`);
  }

  return { add, hit, count, exhausted, release, clear, clearStartingWith };
}

export type WindowCounters<K extends { scope: string; subject: string }> = ReturnType<typeof createWindowCounters<K>>;

/** The customers' counters (`attempt_counters`), one family per company. */
export function createAttemptCounters(db: Db) {
  return createWindowCounters<CounterKey>(db, { name: 'attempt_counters', partition: (key) => ({ company_id: key.companyId }) });
}

export type AttemptCounters = ReturnType<typeof createAttemptCounters>;
