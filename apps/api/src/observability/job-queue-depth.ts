import type PgBoss from 'pg-boss';

/**
 * Jobs waiting per kind (created or to be retried: pg-boss's own queue size), every queue listed,
 * 0 when empty. One query, run when Prometheus scrapes, never on a request's or a job's path.
 */
export async function jobQueueDepths(boss: PgBoss): Promise<Array<{ kind: string; depth: number }>> {
  const { rows } = await boss.getDb().executeSql(
    `SELECT q.name AS kind, count(j.id)::int AS depth
       FROM pgboss.queue q LEFT JOIN pgboss.job j ON j.name = q.name AND j.state < 'active'
      GROUP BY q.name`,
    [],
  );
  return (rows as Array<{ kind: string; depth: number | string }>).map((row) => ({ kind: row.kind, depth: Number(row.depth) }));
}
