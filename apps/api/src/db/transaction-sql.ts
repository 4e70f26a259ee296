import { sql, type SQL } from 'drizzle-orm';
import type { Db, SqlExecutor } from './client.ts';

/**
 * Runs the queue's own SQL (`$1`-numbered text and values) on a Drizzle transaction, so a job is
 * enqueued in the same transaction as the change that caused it: `queue.send(kind, data, { db:
 * sqlOf(tx) })`. It commits with the change or not at all. On PGlite it is also the only way: its
 * one connection is held by the open transaction.
 */
export function sqlOf(tx: Db): SqlExecutor {
  return async (text, values = []) => {
    const chunks: SQL[] = [];
    let last = 0;
    for (const match of text.matchAll(/\$(\d+)/g)) {
      chunks.push(sql.raw(text.slice(last, match.index)));
      chunks.push(sql`${sql.param(values[Number(match[1]) - 1] ?? null)}`);
      last = match.index + match[0].length;
    }
    chunks.push(sql.raw(text.slice(last)));
    const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: any[] };
    return { rows: result.rows };
  };
}
