import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** Retry policy of a job kind: `retryDelay` seconds, doubled on each attempt when `retryBackoff`. */
export type JobKind<T> = {
  name: string;
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  /** The idempotency key: a second send with the same key while one is queued is dropped. */
  keyOf(data: T): string;
  handle(data: T): Promise<void>;
};

export type JobQueue = {
  send<T extends object>(kind: JobKind<T>, data: T): Promise<string | null>;
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
  async function ensureQueue(kind: JobKind<any>) {
    if (created.has(kind.name)) return;
    await boss.createQueue(kind.name, {
      name: kind.name,
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelay,
      retryBackoff: kind.retryBackoff,
    });
    created.add(kind.name);
  }

  return {
    boss,
    async send(kind, data) {
      await ensureQueue(kind);
      return boss.send(kind.name, data, {
        singletonKey: kind.keyOf(data),
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelay,
        retryBackoff: kind.retryBackoff,
      });
    },
    async work(kinds, options = {}) {
      for (const kind of kinds) {
        await ensureQueue(kind);
        await boss.work(kind.name, { batchSize: 1, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await kind.handle(job.data);
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
