/**
 * `npm run bench:vms`: the account page and the expiry pass at scale. Seeds 10,000 customers and
 * 100,000 VMs (bench/vm-scale-seed.ts) on the embedded PGlite and, when DATABASE_URL is set, on a
 * database of its own on that PostgreSQL server (created and dropped here), then
 * - calls the account page's lists through the whole app (app.inject: auth, tenancy, schemas) as
 *   random signed-in customers: median and p95 per call;
 * - runs the daily expiry pass over all 100,000 VMs (one day's work: the end dates passed, grace
 *   periods ended and reminder thresholds crossed since yesterday), then again (nothing left), and,
 *   for information, the first pass ever (every past end date still running, no reminder sent:
 *   about 14,000 VMs to expire at once).
 * Budgets (the run exits non-zero when one is missed): median < 50 ms per call, the daily pass < 10 s.
 * BENCH_DB=pglite|postgres runs one database only; BENCH_CALLS sets the calls per list (300).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type Database } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { createOutboxTransport } from '../apps/api/src/integrations/mail/outbox-transport.ts';
import { createLocalFileStore } from '../apps/api/src/integrations/storage/local-file-store.ts';
import { createVmExpiry } from '../apps/api/src/modules/machines/expiry/expire-job.ts';
import { startQueue } from '../apps/api/src/jobs/queue.ts';
import { resetToNeverSwept, seedVmWorld, SITE, stateCounts } from './vm-scale-seed.ts';

const BUDGET = { callMedianMs: 50, expirySeconds: 10 };
const CUSTOMERS = 10_000;
const VMS_PER_CUSTOMER = 10;
const CALLS = Number(process.env.BENCH_CALLS ?? 300);
const SIGNED_IN = 200;
const root = path.resolve(import.meta.dirname, '..');

/** The account page's lists (GET); those not built yet answer 404 and are reported as skipped. */
const ACCOUNT_CALLS = [
  'virtualMachine/getUserVMs',
  'virtualMachine/getUserBackups',
  'virtualMachine/getArchivedVMs',
  'virtualMachine/getRenewals',
  'virtualMachine/getPurchaseHistory',
];

type CallResult = { call: string; status: number; medianMs?: number; p95Ms?: number; rows?: number; note?: string };
type PassResult = { name: string; budgeted: boolean; seconds: number; reminded: number; expired: number; archived: number };
type DbResult = { db: string; seedSeconds: number; states: Record<string, number>; calls: CallResult[]; passes: PassResult[] };

/** A small seeded generator: the same customers are picked on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function openBenchDatabase(kind: 'pglite' | 'postgres'): Promise<Database> {
  if (kind === 'pglite') {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(database);
    return database;
  }
  const serverUrl = process.env.DATABASE_URL!;
  const name = `bench_vms_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(database);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function benchOn(kind: 'pglite' | 'postgres'): Promise<DbResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mawingu-bench-vms-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '3999', SIMULATOR_BOOT_MS: '0' });
  const log = pino({ level: 'silent' });
  const database = await openBenchDatabase(kind);
  const queue = await startQueue(database, log);
  const mailTransport = createOutboxTransport(database.db, config.mailFrom, log);
  const { app, modules } = await buildApp({
    config,
    database,
    queue,
    fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    mailTransport,
  });
  try {
    process.stdout.write(
      `\n[${kind}] seeding ${CUSTOMERS.toLocaleString('en')} customers and ${(CUSTOMERS * VMS_PER_CUSTOMER).toLocaleString('en')} VMs … `,
    );
    const seedStarted = performance.now();
    const world = await seedVmWorld(database.db, CUSTOMERS, VMS_PER_CUSTOMER);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const states = await stateCounts(database.db, world.companyId);
    console.log(`${seedSeconds.toFixed(1)} s`);

    // Signed-in customers picked at random (sessions as the login's two-factor step starts them).
    const pick = random(42);
    const sessions = await Promise.all(
      Array.from({ length: SIGNED_IN }, async () => {
        const customerId = world.customerIds[Math.floor(pick() * world.customerIds.length)]!;
        const session = await modules.identity.sessions.start(world.companyId, customerId);
        return { origin: SITE, authorization: session.token, refreshtoken: session.refreshToken };
      }),
    );

    const calls: CallResult[] = [];
    for (const call of ACCOUNT_CALLS) {
      const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: `/api/${call}`, headers });
      const probe = await get(sessions[0]!);
      if (probe.statusCode !== 200) {
        calls.push({
          call,
          status: probe.statusCode,
          note: probe.statusCode === 404 ? 'not built yet: skipped' : `answers ${probe.statusCode}: skipped`,
        });
        continue;
      }
      for (let i = 0; i < 20; i++) await get(sessions[i % sessions.length]!); // warm-up
      const latencies: number[] = [];
      let rows = 0;
      for (let i = 0; i < CALLS; i++) {
        const headers = sessions[Math.floor(pick() * sessions.length)]!;
        const started = performance.now();
        const res = await get(headers);
        latencies.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${call} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const data = (res.json() as { data: unknown }).data;
        rows += Array.isArray(data) ? data.length : 0;
      }
      latencies.sort((a, b) => a - b);
      calls.push({ call, status: 200, medianMs: quantile(latencies, 0.5), p95Ms: quantile(latencies, 0.95), rows: rows / CALLS });
    }

    // The expiry pass as the daily job runs it (machine jobs and mails are queued, not worked here).
    const expiry = createVmExpiry({ db: database.db, queue, hypervisors: modules.machines.hypervisors });
    const passes: PassResult[] = [];
    const timed = async (name: string, budgeted: boolean) => {
      const started = performance.now();
      const result = await expiry.sweep();
      passes.push({ name, budgeted, seconds: (performance.now() - started) / 1000, ...result });
    };
    await timed('daily pass (one day of work)', true);
    await timed('repeated (nothing left)', true);
    // Not the job's regime (it runs daily): how long a pass takes after 60 days without one.
    await resetToNeverSwept(database.db, world.companyId);
    await timed('first pass ever (catch-up)', false);
    return { db: kind === 'pglite' ? 'PGlite' : 'PostgreSQL', seedSeconds, states, calls, passes };
  } finally {
    await app.close();
    await queue.stop();
    mailTransport.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const only = process.env.BENCH_DB;
const kinds: ('pglite' | 'postgres')[] = [];
if (!only || only === 'pglite') kinds.push('pglite');
if ((!only || only === 'postgres') && process.env.DATABASE_URL) kinds.push('postgres');
if (only === 'postgres' && !process.env.DATABASE_URL)
  throw new Error('BENCH_DB=postgres needs DATABASE_URL (a server the bench may create a database on)');

const results: DbResult[] = [];
for (const kind of kinds) results.push(await benchOn(kind));
if (!process.env.DATABASE_URL) console.log('\n(DATABASE_URL is not set: PostgreSQL skipped)');

const misses: string[] = [];
console.log(
  `\n${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}; ${CALLS} calls per list, random customers of ${SIGNED_IN} signed in\n`,
);
for (const r of results) {
  console.log(`${r.db}: seeded in ${r.seedSeconds.toFixed(1)} s; VMs by state ${JSON.stringify(r.states)}`);
  console.log(`  ${'call'.padEnd(36)} ${'median'.padStart(9)} ${'p95'.padStart(9)}   rows`);
  for (const c of r.calls) {
    if (c.medianMs === undefined) {
      console.log(`  ${('GET ' + c.call).padEnd(36)} ${c.note}`);
      continue;
    }
    console.log(
      `  ${('GET ' + c.call).padEnd(36)} ${c.medianMs.toFixed(2).padStart(6)} ms ${c.p95Ms!.toFixed(2).padStart(6)} ms   ${c.rows!.toFixed(1)}`,
    );
    if (c.medianMs >= BUDGET.callMedianMs) misses.push(`${r.db} ${c.call} median ${c.medianMs.toFixed(1)} ms ≥ ${BUDGET.callMedianMs} ms`);
  }
  for (const p of r.passes) {
    const note = p.budgeted ? '' : '   (not budgeted)';
    console.log(
      `  expiry: ${p.name.padEnd(32)} ${p.seconds.toFixed(2).padStart(6)} s   reminded ${p.reminded}, expired ${p.expired}, archived ${p.archived}${note}`,
    );
    if (p.budgeted && p.seconds >= BUDGET.expirySeconds)
      misses.push(`${r.db} expiry ${p.name} ${p.seconds.toFixed(1)} s ≥ ${BUDGET.expirySeconds} s`);
  }
  console.log('');
}
fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
fs.writeFileSync(
  path.join(root, 'bench/results/vm-scale.json'),
  JSON.stringify({ at: new Date().toISOString(), customers: CUSTOMERS, vms: CUSTOMERS * VMS_PER_CUSTOMER, results }, null, 2),
);
if (misses.length) {
  console.error(`budget missed: ${misses.join('; ')}`);
  process.exit(1);
}
console.log('budget met');
