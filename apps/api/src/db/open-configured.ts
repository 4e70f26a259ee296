import fs from 'node:fs';
import type { Config } from '../config.ts';
import { openDatabase, pgliteDirFor, type Database } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { runMigrations } from './migrate.ts';
import { withStartLock } from './start-lock.ts';

/**
 * The configured database, migrated: PostgreSQL when DATABASE_URL is set, else PGlite in the data
 * directory (locked to this process). `close` also releases the lock. Instances starting together
 * on one PostgreSQL migrate in turn (start-lock.ts).
 */
export async function openConfiguredDatabase(config: Config): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const database = config.databaseUrl
      ? await openDatabase({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize })
      : await openDatabase({ pgliteDir: pgliteDirFor(config.dataDir) });
    await withStartLock(database, () => runMigrations(database));
    return {
      ...database,
      async close() {
        await database.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
