import pg from 'pg';
import type { Database } from './client.ts';

/** The session-level advisory lock key instances take to prepare the database: 'mawingu' in ASCII. */
export const START_LOCK_KEY = BigInt('0x6d6177696e6775');

/**
 * Runs `prepare` (migrations, the queue's schema, the first seed) while holding PostgreSQL's
 * advisory lock on START_LOCK_KEY, on a connection of its own: instances started at once on one
 * database take turns, and the later ones find the work done. The server drops the lock with the
 * connection, so an instance that dies while holding it does not block the others. PGlite is one
 * process's embedded database (its data directory is locked to it): nothing to take turns with.
 */
export async function withStartLock<T>(database: Database, prepare: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return prepare();
  const connection = new pg.Client({ connectionString: database.connectionString });
  // A lost connection surfaces in the lock's queries; without a listener it would end the process.
  connection.on('error', () => {});
  await connection.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1::bigint)', [START_LOCK_KEY.toString()]);
    return await prepare();
  } finally {
    // Ending the session would release it anyway (and does when the unlock cannot be sent).
    await connection.query('SELECT pg_advisory_unlock($1::bigint)', [START_LOCK_KEY.toString()]).catch(() => {});
    await connection.end().catch(() => {});
  }
}
