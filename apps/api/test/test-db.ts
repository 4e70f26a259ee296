import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../src/cache/pg-listener.ts';

/**
 * A database of the test file's own: a copy of the migrated PGlite template by default, or, when
 * DATABASE_URL is set, a fresh database created on that PostgreSQL server and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const file = inject('pgliteTemplate');
    const bytes = await fs.readFile(file);
    return openDatabase({ pgliteDir: 'memory://', loadDataDir: new Blob([bytes]) });
  }
  const empty = await createPostgresDatabase(serverUrl, inject('postgresTemplate'));
  const database = await openDatabase({ databaseUrl: empty.url });
  return {
    ...database,
    async close() {
      await database.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on the DATABASE_URL server (no migrations): what a first start meets. */
export function createEmptyPostgresDatabase(serverUrl: string) {
  return createPostgresDatabase(serverUrl);
}

/** A new database on the DATABASE_URL server, empty or a copy of a template database. */
async function createPostgresDatabase(serverUrl: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mawingu_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      // An app still open keeps its cache listener connected (a test may drop the database under a
      // live app); that connection is built to survive being killed, so it is not waited for
      // (PostgreSQL itself waits 5 s per DROP while any connection is left).
      const onlyCacheListenersLeft = async () =>
        (
          await dropper.query<{ others: number; listeners: number }>(
            'select count(*)::int as others, count(*) filter (where application_name = $2)::int as listeners from pg_stat_activity where datname = $1',
            [name, LISTENER_APPLICATION_NAME],
          )
        ).rows.every((r) => r.others > 0 && r.others === r.listeners);
      if (await onlyCacheListenersLeft()) {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
        return;
      }
      // The queue's pool may still be saying goodbye: wait for it rather than kill its connections
      // (a killed connection surfaces as an uncaught error in whichever client still listens).
      for (let attempt = 0; ; attempt++) {
        try {
          await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (err) {
          if ((err as { code?: string }).code !== '55006' || attempt >= 50 || (await onlyCacheListenersLeft())) {
            await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            break;
          }
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await dropper.end();
    },
  };
}
