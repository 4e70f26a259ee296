import type PgBoss from 'pg-boss';

/**
 * A running job's lease on its pg-boss row. pg-boss 10 has no heartbeat: a job stays 'active' until
 * `started_on + expire_in`, and a fixed expiry must outlast the slowest hypervisor wait. Instead the
 * worker renews a short lease while the handler runs; a dead worker stops renewing and any instance
 * hands its job back within one lease. Written against pg-boss 10's `job` table (pinned version).
 */

/** Who holds a run: this process, and one run of it (the token guards against a lease lost and retaken). */
export type LeaseHolder = { worker: string; run: string };

const SCHEMA = 'pgboss';

/**
 * The `expire_in` a lease keeps on the row: two leases. pg-boss's own expiry (its maintenance
 * fails the job with retry back-off) then comes a whole lease after ours, so ours always wins.
 */
export const expirySecondsOf = (leaseSeconds: number) => 2 * leaseSeconds;

/**
 * Renews the lease for `leaseSeconds` from now (the row's expiry two leases) and records the holder. False when the job is no
 * longer this run's (handed back or retaken): the worker then leaves its state alone. The first
 * renewal claims the run (no token yet: the row was just fetched by this worker).
 */
export async function renewLease(
  db: PgBoss.Db,
  job: { name: string; id: string },
  holder: LeaseHolder,
  leaseSeconds: number,
  first = false,
): Promise<boolean> {
  const { rows } = await db.executeSql(
    `UPDATE ${SCHEMA}.job
        SET expire_in = (now() - started_on) + make_interval(secs => $3),
            output = jsonb_build_object('worker', $4::text, 'run', $5::text, 'renewedAt', now())
      WHERE name = $1 AND id = $2 AND state = 'active'
        AND ($6::boolean OR output->>'run' = $5::text)
      RETURNING id`,
    [job.name, job.id, expirySecondsOf(leaseSeconds), holder.worker, holder.run, first],
  );
  return rows.length === 1;
}

/**
 * At shutdown: the run's job goes back to the queue to start now, elsewhere. Its attempt is not
 * counted (started_on cleared: pg-boss counts a retry when it fetches a job that had started).
 * 'not-ours' when the run no longer holds it; 'twin' when a queued retry of the same key (a
 * 'stately' queue holds one per key) stands in the way: that retry will do the work.
 */
export async function handBack(
  db: PgBoss.Db,
  job: { name: string; id: string },
  holder: LeaseHolder,
): Promise<'handed-back' | 'not-ours' | 'twin'> {
  try {
    const { rows } = await db.executeSql(
      `UPDATE ${SCHEMA}.job
          SET state = 'retry', start_after = now(), started_on = NULL,
              output = jsonb_build_object('message', 'handed back at shutdown', 'worker', $3::text)
        WHERE name = $1 AND id = $2 AND state = 'active' AND output->>'run' = $4::text
        RETURNING id`,
      [job.name, job.id, holder.worker, holder.run],
    );
    return rows.length === 1 ? 'handed-back' : 'not-ours';
  } catch (err) {
    if ((err as { code?: string }).code === '23505') return 'twin';
    throw err;
  }
}

/**
 * Jobs whose holder stopped renewing for a lease (killed, frozen, cut off) go back to the queue at
 * once: no back-off, since the job did not fail. The lost run counts as an attempt (a job that
 * kills its worker cannot loop forever). Jobs on their last attempt, and those a queued retry of
 * the same key would twin, are left to pg-boss's own expiry a lease later, which fails them.
 * Returns the jobs put back.
 */
export async function reclaimLapsedLeases(
  db: PgBoss.Db,
  leaseSeconds: number,
): Promise<{ name: string; id: string; worker: string | null }[]> {
  const { rows } = await db.executeSql(
    `WITH lapsed AS (
       SELECT j.name, j.id, j.output->>'worker' AS worker
         FROM ${SCHEMA}.job j
        WHERE j.state = 'active' AND j.started_on + j.expire_in - make_interval(secs => $1) < now() AND j.retry_count < j.retry_limit
          AND NOT (j.policy = 'stately' AND EXISTS (
            SELECT 1 FROM ${SCHEMA}.job t
             WHERE t.name = j.name AND t.state = 'retry' AND t.policy = 'stately'
               AND COALESCE(t.singleton_key, '') = COALESCE(j.singleton_key, '')))
        FOR UPDATE SKIP LOCKED
     )
     UPDATE ${SCHEMA}.job j
        SET state = 'retry', start_after = now(),
            output = jsonb_build_object('message', 'worker lost: no lease renewal', 'worker', lapsed.worker)
       FROM lapsed
      WHERE j.name = lapsed.name AND j.id = lapsed.id AND j.state = 'active'
      RETURNING j.name, j.id, lapsed.worker`,
    [leaseSeconds],
  );
  return rows as { name: string; id: string; worker: string | null }[];
}
