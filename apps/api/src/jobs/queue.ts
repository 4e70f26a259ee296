import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlExecutor } from '../db/client.ts';

/** Retry policy of a job kind: `retryDelay` seconds, doubled on each attempt when `retryBackoff`. */
export type JobKind<T> = {
  name: string;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /**
   * The job's key (pg-boss `singletonKey`). It deduplicates only under a policy that says so:
   * 'stately' keeps at most one queued and one running job per key; 'standard' (the default) none.
   */
  keyOf(data: T): string;
  policy?: 'standard' | 'stately';
  /** `attempt.final` is true on the last try: the handler records a lasting failure then. */
  handle(data: T, attempt?: JobAttempt): Promise<void>;
};

export type JobAttempt = { retryCount: number; retryLimit: number; final: boolean };

/** What sending needs of a kind (a module can enqueue a kind whose handler lives elsewhere). */
export type JobSpec<T> = Pick<JobKind<T>, 'name' | 'retryLimit' | 'retryDelay' | 'retryBackoff' | 'keyOf' | 'policy'>;

/** Options of a send: `db` enqueues inside the caller's transaction (see transaction-sql.ts). */
export type SendOptions = { db?: SqlExecutor };

export type JobQueue = {
  send<T extends object>(kind: JobSpec<T>, data: T, options?: SendOptions): Promise<string | null>;
  /** Starts polling for the given kinds in this process. */
  work(kinds: JobKind<any>[], options?: { pollingIntervalSeconds?: number }): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
};

/**
 * The durable queue: pg-boss on the application's own database. On PostgreSQL it opens its own
 * pool; on PGlite it runs through the embedded engine's single connection (pg-boss's `db` option).
 */
export async function startQueue(database: Database, log: FastifyBaseLogger): Promise<JobQueue> {
  const common = { schema: 'pgboss', monitorStateIntervalMinutes: 10 } as const;
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: database.connectionString, max: 4 })
      : new PgBoss({ ...common, db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const created = new Set<string>();
  async function ensureQueue(kind: JobSpec<any>, db?: SqlExecutor) {
    if (created.has(kind.name)) return;
    const policy = { policy: kind.policy ?? 'standard', retryLimit: kind.retryLimit, retryDelay: kind.retryDelay, retryBackoff: kind.retryBackoff };
    if (db) {
      // Inside the caller's transaction (PGlite's one connection is held by it): pg-boss's own
      // create_queue function, which does nothing when the queue exists. Not remembered: the
      // transaction may still roll back.
      await db('SELECT pgboss.create_queue($1, $2)', [kind.name, JSON.stringify(policy)]);
      return;
    }
    await boss.createQueue(kind.name, { name: kind.name, ...policy });
    created.add(kind.name);
  }

  return {
    boss,
    async send(kind, data, options = {}) {
      await ensureQueue(kind, options.db);
      return boss.send(kind.name, data, {
        ...(options.db ? { db: { executeSql: options.db } } : {}),
        singletonKey: kind.keyOf(data),
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelay,
        retryBackoff: kind.retryBackoff,
      });
    },
    async work(kinds, options = {}) {
      for (const kind of kinds) {
        await ensureQueue(kind);
        const workOptions = { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 } as const;
        await boss.work(kind.name, workOptions, async (jobs) => {
          for (const job of jobs) {
            try {
              await kind.handle(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit, final: job.retryCount >= job.retryLimit });
            } catch (err) {
              log.warn({ err, job: kind.name, id: job.id }, 'job failed; it will be retried');
              throw err;
            }
          }
        });
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 5000 } as PgBoss.StopOptions);
    },
  };
}
