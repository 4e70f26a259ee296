import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { committedMigrations, missingMigrations } from '../../../db/migration-status.ts';

export type Readiness =
  | { ready: true; database: 'ok'; missingMigrations: [] }
  | { ready: false; database: 'ok'; missingMigrations: string[] }
  | { ready: false; database: 'unreachable'; missingMigrations: null }
  /** After SIGTERM: still serving, but the load balancer should send no more. */
  | { ready: false; stopping: true };

/** How long the database may take to answer before the instance is reported not ready. */
const ANSWER_WITHIN_MS = 3000;

/**
 * Whether this instance can serve: its database answers (within ANSWER_WITHIN_MS — a database that
 * hangs is as bad as one that refuses) and every committed migration is applied there. One query.
 * `stopServing` (main.ts, on SIGTERM) turns it to "not ready" for good while the instance drains.
 */
export function createReadiness(database: Database, log: FastifyBaseLogger) {
  const committed = committedMigrations();
  let stopping = false;
  const readiness = async function readiness(): Promise<Readiness> {
    if (stopping) return { ready: false, stopping: true };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
    });
    try {
      const missing = await Promise.race([missingMigrations(database, committed), timeout]);
      return missing.length === 0
        ? { ready: true, database: 'ok', missingMigrations: [] }
        : { ready: false, database: 'ok', missingMigrations: missing };
    } catch (err) {
      // The reason stays in the log: the answer is public.
      log.warn({ err }, 'readiness: the database does not answer');
      return { ready: false, database: 'unreachable', missingMigrations: null };
    } finally {
      clearTimeout(timer);
    }
  };
  return Object.assign(readiness, {
    stopServing() {
      stopping = true;
    },
  });
}
