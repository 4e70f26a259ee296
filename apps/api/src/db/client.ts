import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';
import { tracePglite } from '../observability/traced-pglite.ts';
import { tracingOn } from '../observability/tracing.ts';

export type Schema = typeof schema;
/** The query builder every service takes; the same on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Raw SQL entry point for libraries that bring their own SQL (the queue). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: any[] }>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: SqlExecutor;
  /** PostgreSQL only: the connection string, for libraries that open their own pool. */
  connectionString?: string;
  close(): Promise<void>;
};

export type DatabaseOptions =
  /** `poolSize`: connections for queries (default 10). */
  | { databaseUrl: string; poolSize?: number }
  /** `dataDir` is a directory, or 'memory://' for a throwaway database. */
  | { pgliteDir: string; loadDataDir?: Blob };

/** PGlite by default, PostgreSQL when a URL is given. One factory, so both run the same code. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.pgliteDir, options.loadDataDir);
}

async function openPostgres(connectionString: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection dropped by the server (restart, failover) must not take the process down:
  // the pool discards it and opens a new one for the next query.
  pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
  // Fail at boot, not at the first request, when the server is unreachable.
  await pool.query('select 1');
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as Db,
    executeSql: (text, values) => pool.query(text, values as unknown[]),
    connectionString,
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<Database> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir, loadDataDir ? { loadDataDir } : {});
  if (tracingOn()) tracePglite(client);
  return {
    kind: 'pglite',
    db: drizzlePglite(client, { schema }) as unknown as Db,
    // `exec` runs multi-statement scripts (the queue installs its schema that way); `query` binds values.
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values as unknown[]) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
    close: () => client.close(),
  };
}

/** The PGlite directory inside the configured data directory. */
export function pgliteDirFor(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}
