import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { jobFailures } from '../observability/metrics.ts';
import { inJobSpan } from '../observability/job-span.ts';
import { handBack, renewLease, type LeaseHolder } from './job-lease.ts';
import type { JobKind } from './job-kind.ts';

export type WorkerTiming = {
  /** A job not renewed for this long is taken back by another instance. */
  leaseSeconds: number;
  /** How long a handler may run at most before its job is failed for retry (a hung call). */
  maxRunSeconds: number;
  pollingIntervalSeconds: number;
};

type Job = PgBoss.JobWithMetadata<any>;
/** The job in hand. `released` once it is no longer this run's to complete or fail. */
type Run = { job: Job; holder: LeaseHolder; released: boolean };

const sleep = (ms: number) => {
  let cancel = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, cancel };
};

/**
 * Works one job kind in this process, one job at a time: fetches a job, renews its lease four
 * times a lease while the handler runs, then completes or fails it. `stop()` takes no new job; the
 * job in hand is finished within the grace or handed back for another instance to start at once.
 */
export function startWorker(boss: PgBoss, kind: JobKind<any>, worker: string, timing: WorkerTiming, log: FastifyBaseLogger) {
  const db = boss.getDb();
  const { leaseSeconds } = timing;
  let stopping = false;
  let current: Run | undefined;
  let idle: ReturnType<typeof sleep> | undefined;
  /** A job was sent while this worker was busy or fetching: look again before sleeping. */
  let woken = false;

  /** Renews the run's lease; a run that lost it (retaken after a freeze) is released. */
  async function renew(run: Run, first = false): Promise<boolean> {
    if (run.released) return false;
    const ours = await renewLease(db, run.job, run.holder, leaseSeconds, first);
    if (!ours) {
      run.released = true;
      log.warn({ job: kind.name, id: run.job.id }, 'job lease lost: another worker has it now');
    }
    return ours;
  }

  async function work(run: Run): Promise<void> {
    const { job } = run;
    const attempt = { retryCount: job.retryCount, retryLimit: job.retryLimit, final: job.retryCount >= job.retryLimit };
    const heartbeat = setInterval(
      () => {
        // A missed renewal is not fatal: the lease lasts four of them.
        renew(run).catch((err: unknown) => log.warn({ err, job: kind.name, id: job.id }, 'job lease renewal failed'));
      },
      (leaseSeconds * 1000) / 4,
    );
    const ceiling = sleep(timing.maxRunSeconds * 1000);
    try {
      await Promise.race([
        inJobSpan(kind.name, job, () => kind.handle(job.data, attempt)),
        ceiling.done.then(() => Promise.reject(new Error(`handler ran longer than ${timing.maxRunSeconds} s`))),
      ]);
      // The last renewal proves the job is still this run's and keeps it so until completed.
      if (await renew(run)) await boss.complete(kind.name, job.id);
    } catch (err) {
      // The last attempt's failure needs someone: an error, and no promise of a retry that never comes.
      if (attempt.final)
        log.error(
          { err, job: kind.name, id: job.id, attempts: attempt.retryCount + 1 },
          'job failed on its last attempt; it will not be retried',
        );
      else log.warn({ err, job: kind.name, id: job.id }, 'job failed; it will be retried');
      jobFailures.inc({ kind: kind.name, final: String(attempt.final) });
      if (await renew(run)) await boss.fail(kind.name, job.id, { message: err instanceof Error ? err.message : String(err) });
    } finally {
      clearInterval(heartbeat);
      ceiling.cancel();
    }
  }

  /** Gives the run's job back to the queue (shutdown); fails it when a queued twin will do the work. */
  async function release(run: Run): Promise<void> {
    if (run.released) return;
    run.released = true;
    const outcome = await handBack(db, run.job, run.holder);
    if (outcome === 'twin')
      await boss.fail(kind.name, run.job.id, { message: 'stopped while active; a queued retry of the same key does the work' });
    if (outcome !== 'not-ours') log.warn({ job: kind.name, id: run.job.id }, 'job still running at shutdown: handed back to the queue');
  }

  const loop = (async () => {
    while (!stopping) {
      let jobs: Job[] = [];
      try {
        jobs = await boss.fetch(kind.name, { batchSize: 1, includeMetadata: true });
      } catch (err) {
        log.error({ err, job: kind.name }, 'job fetch failed');
      }
      const job = jobs[0];
      if (!job) {
        if (woken) {
          woken = false;
          continue;
        }
        idle = sleep(timing.pollingIntervalSeconds * 1000);
        await idle.done;
        idle = undefined;
        continue;
      }
      const run: Run = { job, holder: { worker, run: randomUUID() }, released: false };
      current = run;
      try {
        // Claim the row for this run at once (it carries the queue's expiry, one lease, until now).
        await renew(run, true);
        if (stopping) await release(run);
        else await work(run);
      } catch (err) {
        log.error({ err, job: kind.name, id: job.id }, 'job bookkeeping failed; its lease will lapse and another worker retries it');
      }
      current = undefined;
    }
  })();

  return {
    /** A job of this kind was just sent from this process: fetch now instead of at the next poll. */
    wake(): void {
      woken = true;
      idle?.cancel();
    },
    /** Takes no new job; resolves when the job in hand is done, or handed back after `graceMs`. */
    async stop(graceMs: number): Promise<void> {
      stopping = true;
      idle?.cancel();
      const grace = sleep(graceMs);
      const finished = await Promise.race([loop.then(() => true), grace.done.then(() => false)]);
      grace.cancel();
      if (finished) return;
      const run = current;
      if (run) {
        await release(run).catch((err: unknown) =>
          log.error({ err, job: kind.name, id: run.job.id }, 'job hand-back failed; its lease will lapse instead'),
        );
      }
    },
  };
}

export type JobWorker = ReturnType<typeof startWorker>;
