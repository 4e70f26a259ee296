import fs from 'node:fs';
import path from 'node:path';
import type { Database } from './client.ts';
import { migrationsFolder } from './migrate.ts';

type JournalEntry = { tag: string; when: number };

/** The committed migrations, from drizzle-kit's journal: each is recorded under its `when` once applied. */
export function committedMigrations(): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/** PostgreSQL's "no such table" and "no such schema": a database nobody has migrated yet. */
const NOT_MIGRATED = new Set(['42P01', '3F000']);

/** The tags of the committed migrations the database has not recorded as applied, oldest first. */
export async function missingMigrations(database: Database, committed: JournalEntry[] = committedMigrations()): Promise<string[]> {
  let applied: Set<number>;
  try {
    const { rows } = await database.executeSql('SELECT created_at FROM drizzle.__drizzle_migrations', []);
    applied = new Set(rows.map((r: { created_at: string | number }) => Number(r.created_at)));
  } catch (err) {
    if (!NOT_MIGRATED.has((err as { code?: string }).code ?? '')) throw err;
    applied = new Set();
  }
  return committed.filter((m) => !applied.has(m.when)).map((m) => m.tag);
}
