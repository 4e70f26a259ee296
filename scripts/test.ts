/**
 * `npm test`: every check the project has — lint beside the type check, migration drift, the build
 * (SPA and API), then the browser journeys with, beside them one after another, the unit and API
 * suites on PGlite and, when DATABASE_URL is set, the API suite on PostgreSQL and the cluster journey. Prints
 * each runner's own summary, the ten slowest tests, the failed ones and one closing line.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import pg from 'pg';
import { CLUSTER_TOOLS, ensureDebianTools } from './ensure-debian-tools.ts';
import { readVitestCounts, readVitestTests } from './test-reports.ts';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, 'test-results');
fs.mkdirSync(results, { recursive: true });
/** Each runner's JSON report: its counts for the summary, its durations for the slowest tests. */
const REPORTS = {
  unit: path.join(results, 'unit.json'),
  postgres: path.join(results, 'postgres.json'),
  e2e: path.join(results, 'e2e.json'),
  cluster: path.join(results, 'cluster.json'),
};
// A step this run skips must not lend its figures from an earlier run.
for (const report of Object.values(REPORTS)) fs.rmSync(report, { force: true });

type Step = { name: string; ok: boolean; seconds: number; passed: number; failed: number; skipped: number };
const steps: Step[] = [];

/** Records an ended step: its report's counts; a runner that died before reporting counts as one failure. */
function recordStep(name: string, code: number | null, seconds: number, report?: string): boolean {
  const counts = report ? readVitestCounts(report) : { passed: 0, failed: 0, skipped: 0 };
  const ok = code === 0;
  if (!ok && counts.failed === 0) counts.failed = 1;
  steps.push({ name, ok, seconds, ...counts });
  return ok;
}

/**
 * Runs a step with its output on the terminal; resolves when it has ended (the event loop keeps
 * turning, so steps started beside it are followed up in time).
 */
async function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env, report?: string): Promise<boolean> {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  if (report) fs.rmSync(report, { force: true });
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return recordStep(name, code, (Date.now() - started) / 1000, report);
}

/**
 * Starts a runner beside the next steps, its output kept in a log file (printed when it ends, so
 * two runners' lines do not interleave). Resolves to the step when it has ended.
 */
function runBeside(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, report?: string): Promise<() => boolean> {
  const started = Date.now();
  const log = path.join(results, `${report ? path.basename(report, '.json') : name.replace(/\W+/g, '-')}.log`);
  if (report) fs.rmSync(report, { force: true });
  const out = fs.openSync(log, 'w');
  console.log(`\n━━ ${name} (started beside the next steps; its output follows when it ends) ━━`);
  const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env });
  return new Promise((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(out);
      const seconds = (Date.now() - started) / 1000;
      resolve(() => {
        console.log(`\n━━ ${name} ━━`);
        process.stdout.write(fs.readFileSync(log, 'utf8'));
        return recordStep(name, code, seconds, report);
      });
    });
  });
}

/** Whether the PostgreSQL server of DATABASE_URL answers within a few seconds. */
async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The release build as several instances on PostgreSQL behind HAProxy (e2e/cluster), started beside
 * the browser journeys; it needs PostgreSQL, so without it the step says so. Resolves like runBeside.
 */
async function startClusterJourney(): Promise<(() => boolean) | null> {
  const name = 'cluster journey (release build, PostgreSQL, S3, HAProxy)';
  const url = process.env.DATABASE_URL;
  if (!url || !(await postgresAnswers(url))) {
    console.log(
      `\n(${url ? 'PostgreSQL at DATABASE_URL does not answer' : 'DATABASE_URL is not set'}: the cluster journey is skipped; it needs PostgreSQL)`,
    );
    return null;
  }
  const tools = ensureDebianTools(CLUSTER_TOOLS, 'the cluster journey');
  if (!tools.ok) {
    console.error(`\n${tools.reason}`);
    steps.push({ name, ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0 });
    return null;
  }
  return runBeside(name, 'npx', vitest(REPORTS.cluster, '--config', 'e2e/cluster/vitest.config.ts'), process.env, REPORTS.cluster);
}

const vitest = (report: string, ...args: string[]) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
];
const withoutDatabaseUrl = { ...process.env, DATABASE_URL: '' };

// Lint (ESLint, then Prettier's check) and the type checker side by side, on the two cores.
const lint = runBeside('lint', 'npm', ['run', '--silent', 'lint'], process.env);
await run('type check', 'npm', ['run', '--silent', 'typecheck']);
(await lint)();
await run('migrations match the schema', 'npm', ['run', '--silent', 'db:check']);
const built = await run('build (SPA and API)', 'npm', ['run', '--silent', 'build']);
// The browser journeys leave most of a core idle (they wait on the browser and the server), and
// they are the longest step: they start first, and beside them, one after another, the PGlite pass,
// the PostgreSQL pass (one worker) and the cluster journey. Measured on two cores: the unit pass
// before the journeys made the run 31 min in CI; the PostgreSQL pass beside the PGlite pass, both
// CPU-bound, made it longer too.
const unitPass = runBeside('contracts, API and SPA tests (PGlite)', 'npx', vitest(REPORTS.unit), withoutDatabaseUrl, REPORTS.unit);
const postgresPass = process.env.DATABASE_URL
  ? unitPass.then(() =>
      runBeside(
        'API tests (PostgreSQL)',
        'npx',
        [...vitest(REPORTS.postgres, '--project', 'api'), '--maxWorkers=1'],
        process.env,
        REPORTS.postgres,
      ),
    )
  : null;
if (!postgresPass) console.log('\n(DATABASE_URL is not set: the PostgreSQL pass of the API suite is skipped)');
const besideJourneys: Promise<(() => boolean) | null>[] = [unitPass];
if (postgresPass) besideJourneys.push(postgresPass);
if (built) {
  besideJourneys.push((postgresPass ?? unitPass).then(() => startClusterJourney()));
  const tools = ensureDebianTools();
  if (tools.ok) {
    await run(
      'browser journeys (Chromium)',
      'npx',
      vitest(REPORTS.e2e, '--config', 'e2e/vitest.config.ts'),
      withoutDatabaseUrl,
      REPORTS.e2e,
    );
  } else {
    console.error(`\n${tools.reason}`);
    steps.push({ name: 'browser journeys (Chromium)', ok: false, seconds: 0, passed: 0, failed: 1, skipped: 0 });
  }
}
// What ran beside the journeys prints its output now, in order, whole.
for (const ended of besideJourneys) (await ended)?.();

console.log('\n━━ summary ━━');
for (const s of steps) {
  const counts = s.passed + s.failed ? `  ${s.passed} passed, ${s.failed} failed` : '';
  console.log(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.name} (${s.seconds.toFixed(1)} s)${counts}`);
}
const reported = Object.entries(REPORTS).flatMap(([runner, report]) => readVitestTests(report, root).map((t) => ({ ...t, runner })));
// The ten slowest tests of the whole run: where to look first when the run grows longer.
const slowest = [...reported].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
if (slowest.length) {
  console.log('\n━━ the ten slowest tests ━━');
  for (const t of slowest) console.log(`${t.seconds.toFixed(1).padStart(6)} s  [${t.runner}] ${t.test}`);
}
// The failed tests with the first lines of their messages: the tail of a long log says what broke.
const failedTests = reported.filter((t) => t.failed);
if (failedTests.length) {
  console.log('\n━━ failed tests ━━');
  for (const t of failedTests) {
    console.log(`[${t.runner}] ${t.test}`);
    const lines = stripVTControlCharacters(t.message)
      .split('\n')
      .filter((l) => l.trim());
    for (const line of lines.slice(0, 6)) console.log(`    ${line.slice(0, 300)}`);
  }
}
const passed = steps.reduce((n, s) => n + s.passed, 0);
const failed = steps.reduce((n, s) => n + s.failed, 0);
const skipped = steps.reduce((n, s) => n + s.skipped, 0);
const allOk = steps.every((s) => s.ok);
console.log(`\ntests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(allOk ? 0 : 1);
