/**
 * Fails when the committed migrations no longer match the schema: drizzle-kit generates into a
 * copy of the migrations folder, and any new file there is a change nobody committed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const api = path.resolve(import.meta.dirname, '../apps/api');
const committed = path.join(api, 'src/db/migrations');
// drizzle-kit prefixes "./" to --out, so the scratch copy must be a relative path inside apps/api.
const scratchName = `.migrations-drift-check-${process.pid}`;
const scratch = path.join(api, scratchName);
try {
  fs.cpSync(committed, scratch, { recursive: true });
  const before = new Set(fs.readdirSync(scratch));
  const output = execFileSync(
    'npx',
    ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', './src/db/schema.ts', '--out', scratchName, '--name', 'drift'],
    { cwd: api, stdio: 'pipe', encoding: 'utf8' },
  );
  const added = fs.readdirSync(scratch).filter((f) => !before.has(f));
  // drizzle-kit can report an error and still exit 0: only its explicit "no changes" counts as a pass.
  if (added.length === 0 && !/No schema changes/i.test(output)) {
    console.error(`drizzle-kit did not confirm the migrations match the schema:\n${output}`);
    process.exit(1);
  }
  if (added.length > 0) {
    const sql = added.filter((f) => f.endsWith('.sql')).map((f) => fs.readFileSync(path.join(scratch, f), 'utf8'));
    console.error('The schema has changes with no committed migration. Run `npm run db:generate` and commit the result.\n');
    console.error(sql.join('\n'));
    process.exit(1);
  }
  console.log('migrations: committed migrations match the schema');
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
