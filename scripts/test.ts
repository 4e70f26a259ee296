/**
 * `npm test`: every check the project has, in order — lint, type check, migration drift, the unit
 * and API suites on PGlite, the API suite again on PostgreSQL when DATABASE_URL is set, the SPA
 * build and the browser journeys. Prints each runner's own summary and one closing line.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDebianTools } from './ensure-debian-tools.ts';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });

type Step = { name: string; ok: boolean; seconds: number; passed: number; failed: number; skipped: number };
const steps: Step[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env, report?: string): boolean {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  if (report) fs.rmSync(report, { force: true });
  const res = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  const counts = report ? readVitestCounts(report) : { passed: 0, failed: 0, skipped: 0 };
  const ok = res.status === 0;
  // A runner that died before reporting still counts as a failure in the closing line.
  if (!ok && counts.failed === 0) counts.failed = 1;
  steps.push({ name, ok, seconds: (Date.now() - started) / 1000, ...counts });
  return ok;
}

/**
 * Starts a runner beside the next steps, its output kept in a log file (printed when it ends, so
 * two runners' lines do not interleave). Resolves to the step when it has ended.
 */
function runBeside(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, report: string): Promise<() => boolean> {
  const started = Date.now();
  const log = path.join(results, `${path.basename(report, '.json')}.log`);
  fs.rmSync(report, { force: true });
  const out = fs.openSync(log, 'w');
  console.log(`\n━━ ${name} (started beside the next steps; its output follows when it ends) ━━`);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      resolve(() => {
        console.log(`\n━━ ${name} ━━`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
        const counts = readVitestCounts(report);
        const ok = code === 0;
        if (!ok && counts.failed === 0) counts.failed = 1;
        steps.push({ name, ok, seconds: (Date.now() - started) / 1000, ...counts });
        return ok;
      });
    });
  });
}

function readVitestCounts(file: string) {
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return { passed: json.numPassedTests ?? 0, failed: json.numFailedTests ?? 0, skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0) };
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}

const vitest = (report: string, ...args: string[]) => [
  'vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`,
];
const withoutDatabaseUrl = { ...process.env, DATABASE_URL: '' };

run('lint', 'npx', ['eslint', '.']);
run('type check', 'npm', ['run', '--silent', 'typecheck']);
run('migrations match the schema', 'npm', ['run', '--silent', 'db:check']);
run('contracts, API and SPA tests (PGlite)', 'npx', vitest(path.join(results, 'unit.json')), withoutDatabaseUrl, path.join(results, 'unit.json'));
// The PostgreSQL pass runs on one worker beside the SPA build and the journeys (which mostly wait
// on the browser), instead of after them: the whole run is several minutes shorter on two cores.
const postgresPass = process.env.DATABASE_URL
  ? runBeside('API tests (PostgreSQL)', 'npx', [...vitest(path.join(results, 'postgres.json'), '--project', 'api'), '--maxWorkers=1'], process.env, path.join(results, 'postgres.json'))
  : null;
if (!postgresPass) console.log('\n(DATABASE_URL is not set: the PostgreSQL pass of the API suite is skipped)');
if (run('build the SPA', 'npm', ['run', '--silent', 'build'])) {
  const tools = ensureDebianTools();
  if (tools.ok) {
    const report = path.join(results, 'e2e.json');
    run('browser journeys (Chromium)', 'npx', vitest(report, '--config', 'e2e/vitest.config.ts'), withoutDatabaseUrl, report);
  } else {
    console.error(`\n${tools.reason}`);
    steps.push({ name: 'browser journeys (Chromium)', ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0 });
  }
}

if (postgresPass) (await postgresPass)();

console.log('\n━━ summary ━━');
for (const s of steps) {
  const counts = s.passed + s.failed ? `  ${s.passed} passed, ${s.failed} failed` : '';
  console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds.toFixed(1)} s)${counts}`);
}
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
const skipped = steps.reduce((n, s) => n + s.skipped, 0);
const allOk = steps.every((s) => s.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
