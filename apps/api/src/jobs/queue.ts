import os from 'node:os';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, SqlExecutor } from '../db/client.ts';
import { expirySecondsOf, reclaimLapsedLeases } from './job-lease.ts';
import type { JobKind, JobSpec } from './job-kind.ts';
import { startWorker, type JobWorker } from './job-worker.ts';

export type { JobAttempt, JobKind, JobSpec } from './job-kind.ts';

/** Options of a send: `db` enqueues inside the caller's transaction (db/transaction-sql.ts). */
export type SendOptions = { db?: SqlExecutor };

export type JobQueue = {
  send<T extends object>(kind: JobSpec<T>, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * Makes the kinds' queues, one after another, committed and remembered: before jobs are inserted
   * in bulk through pg-boss (`boss.insert` into a missing queue inserts nothing). Made side by side,
   * two new queues can deadlock on pgboss.queue.
   */
  prepare(kinds: JobSpec<any>[]): Promise<void>;
  /** Starts polling for the given kinds in this process. */
  work(kinds: JobKind<any>[], options?: { pollingIntervalSeconds?: number }): Promise<void>;
  /**
   * Graceful stop of the workers: no new job is taken, jobs in hand may finish within the
   * shutdown grace, the rest go back to the queue for another instance to start at once.
   */
  stopWorking(): Promise<void>;
  /** stopWorking, then closes pg-boss (its own pool on PostgreSQL). */
  stop(): Promise<void>;
  boss: PgBoss;
};

export type QueueOptions = {
  /**
   * A running job's lease (s), renewed four times a lease: when its instance dies, another takes
   * the job back within about one lease and a quarter. Also the expiry of a job nobody renews.
   */
  leaseSeconds?: number;
  /** How long a graceful stop lets jobs in hand finish before handing them back (s). */
  shutdownGraceSeconds?: number;
  /** The longest a handler may run before its job is failed for retry (s); a hung call. */
  maxRunSeconds?: number;
};

/** How long after a transactional send its workers look for the job (the caller commits first). */
const WAKE_AFTER_COMMIT_MS = 100;

export const QUEUE_DEFAULTS = { leaseSeconds: 60, shutdownGraceSeconds: 25, maxRunSeconds: 15 * 60 } as const;

/**
 * The durable queue: pg-boss on the application's own database. On PostgreSQL it opens its own
 * pool; on PGlite it runs through the embedded engine's single connection (pg-boss's `db` option).
 */
export async function startQueue(database: Database, log: FastifyBaseLogger, options: QueueOptions = {}): Promise<JobQueue> {
  const { leaseSeconds, shutdownGraceSeconds, maxRunSeconds } = { ...QUEUE_DEFAULTS, ...options };
  // Every job (sent, inserted or scheduled) starts with one lease; its worker renews it.
  const common = { schema: 'pgboss', monitorStateIntervalMinutes: 10, expireInSeconds: expirySecondsOf(leaseSeconds) } as const;
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({ ...common, connectionString: database.connectionString, max: 4 })
      : new PgBoss({ ...common, db: { executeSql: (text, values) => database.executeSql(text, values) } });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();

  const created = new Set<string>();
  async function ensureQueue(kind: JobSpec<any>, db?: SqlExecutor) {
    if (created.has(kind.name)) return;
    const policy = {
      policy: kind.policy ?? 'standard',
      retryLimit: kind.retryLimit,
      retryDelay: kind.retryDelay,
      retryBackoff: kind.retryBackoff,
    };
    if (db && database.kind === 'pglite') {
      // Inside the caller's transaction (PGlite's one connection is held by it): pg-boss's own
      // create_queue function, which does nothing when the queue exists. Not remembered: the
      // transaction may still roll back.
      await db('SELECT pgboss.create_queue($1, $2)', [kind.name, JSON.stringify(policy)]);
      return;
    }
    // On PostgreSQL a queue is made on pg-boss's own connection and committed even when the
    // caller's transaction is open: made inside it, its row and its partition's foreign key locked
    // pgboss.queue until commit, and two paying transactions making two new queues deadlocked.
    // An empty queue left by a rolled-back transaction is harmless.
    // Instances starting together on a new database race to create each queue's partition, and
    // PostgreSQL may pick one of them as a deadlock victim: the queue exists after the winner's turn.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(kind.name, { name: kind.name, ...policy });
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '40P01' || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt * Math.random()));
      }
    }
    created.add(kind.name);
  }

  // This instance in the job rows it holds (pgboss.job.output.worker), for operators and for the
  // instance that takes a lapsed job back.
  const workerName = `${os.hostname()}:${process.pid}`;
  const workers: JobWorker[] = [];
  const workersOf = new Map<string, JobWorker[]>();
  /**
   * Wakes this process's workers of a kind just sent, so a job does not wait for the next poll.
   * A job sent inside the caller's transaction is visible once that commits, a moment later.
   */
  function wake(kind: string, inTransaction: boolean) {
    const wakeAll = () => workersOf.get(kind)?.forEach((worker) => worker.wake());
    if (inTransaction) setTimeout(wakeAll, WAKE_AFTER_COMMIT_MS).unref();
    else wakeAll();
  }
  let reclaiming: NodeJS.Timeout | undefined;
  async function reclaim() {
    try {
      for (const job of await reclaimLapsedLeases(boss.getDb(), leaseSeconds)) {
        log.warn({ job: job.name, id: job.id, worker: job.worker }, 'job taken back: its worker stopped renewing the lease');
      }
    } catch (err) {
      log.error({ err }, 'taking back lapsed jobs failed');
    }
  }
  let stopped: Promise<void> | undefined;
  function stopWorking() {
    clearInterval(reclaiming);
    stopped ??= Promise.all(workers.map((w) => w.stop(shutdownGraceSeconds * 1000))).then(() => undefined);
    return stopped;
  }

  return {
    boss,
    async send(kind, data, options = {}) {
      await ensureQueue(kind, options.db);
      const id = await boss.send(kind.name, data, {
        ...(options.db ? { db: { executeSql: options.db } } : {}),
        singletonKey: kind.keyOf(data),
        retryLimit: kind.retryLimit,
        retryDelay: kind.retryDelay,
        retryBackoff: kind.retryBackoff,
      });
      if (id) wake(kind.name, options.db !== undefined);
      return id;
    },
    async prepare(kinds) {
      for (const kind of kinds) await ensureQueue(kind);
    },
    async work(kinds, options = {}) {
      const timing = { leaseSeconds, maxRunSeconds, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1 };
      for (const kind of kinds) {
        await ensureQueue(kind);
        const worker = startWorker(boss, kind, workerName, timing, log);
        workers.push(worker);
        workersOf.set(kind.name, [...(workersOf.get(kind.name) ?? []), worker]);
      }
      reclaiming ??= setInterval(() => void reclaim(), (leaseSeconds * 1000) / 4);
    },
    stopWorking,
    async stop() {
      await stopWorking();
      await boss.stop({ graceful: true, wait: true, close: true, timeout: 1000 });
    },
  };
}
