import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test/test-db.ts';
import { loadConfig } from './config.ts';
import { DEMO_SLUG } from './db/seed/demo-company.ts';
import { migrationsFolder } from './db/migrate.ts';
import { sendMailJob } from './modules/platform/mail/send-mail-job.ts';
import { openRuntime, type Runtime } from './runtime.ts';
import { productionEnv, startProduct, type RunningProduct } from '../../../tools/start-product.ts';

const INSTANCES = 3;
const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * Several instances started at once on a new, empty PostgreSQL database (a first deploy of a
 * cluster): each runs the server's start (migrations, the queue's schema, "seed if empty", its
 * first worker) through the same function main.ts does, all at the same time.
 */
describe.skipIf(!onPostgres)('instances started at once on an empty PostgreSQL (needs DATABASE_URL: PGlite has one process)', () => {
  const runtimes: Runtime[] = [];
  const dataDirs: string[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await Promise.all(runtimes.map((r) => r.close()));
    await drop?.();
    await Promise.all(dataDirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it(`all ${INSTANCES} come up; migrations are recorded once and the demo company is seeded once`, async () => {
    const empty = await createEmptyPostgresDatabase(process.env.DATABASE_URL!);
    drop = empty.drop;
    const log = pino({ level: 'silent' });

    const starts = await Promise.allSettled(
      Array.from({ length: INSTANCES }, async () => {
        const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-instance-'));
        dataDirs.push(dataDir);
        const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: empty.url, SEED_DEMO: 'auto' });
        const runtime = await openRuntime(config, log);
        runtimes.push(runtime);
        await runtime.queue.work([sendMailJob(runtime.mailTransport)]);
        return runtime;
      }),
    );
    const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
    expect(failures).toEqual([]);
    expect(runtimes.filter((r) => r.seeded)).toHaveLength(1);

    const db = new pg.Client({ connectionString: empty.url });
    await db.connect();
    try {
      const journal = JSON.parse(await fs.readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: { when: number }[];
      };
      const recorded = await db.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY id');
      expect(recorded.rows.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
      const companies = await db.query<{ slug: string }>('SELECT slug FROM companies');
      expect(companies.rows).toEqual([{ slug: DEMO_SLUG }]);
      const queueSchema = await db.query('SELECT version FROM pgboss.version');
      expect(queueSchema.rows).toHaveLength(1);
    } finally {
      await db.end();
    }
  }, 120_000);
});

/** The same as processes: the server itself (main.ts, NODE_ENV=production), three at once. */
describe.skipIf(!onPostgres)('server processes started at once on an empty PostgreSQL (needs DATABASE_URL)', () => {
  const products: RunningProduct[] = [];
  let drop: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await Promise.all(products.map((p) => p.stop()));
    await drop?.();
  });

  it(`all ${INSTANCES} answer ready, and the database holds one demo company`, async () => {
    const empty = await createEmptyPostgresDatabase(process.env.DATABASE_URL!);
    drop = empty.drop;
    const env = { ...productionEnv(), DATABASE_URL: empty.url, SEED_DEMO: 'auto' };
    const started = await Promise.allSettled(Array.from({ length: INSTANCES }, () => startProduct({ env })));
    products.push(...started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : [])));
    expect(started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []))).toEqual([]);

    for (const product of products) {
      const ready = await fetch(`http://127.0.0.1:${product.port}/api/ready`);
      expect(ready.status).toBe(200);
      expect(((await ready.json()) as { data: unknown }).data).toEqual({ ready: true, database: 'ok', missingMigrations: [] });
    }
    const db = new pg.Client({ connectionString: empty.url });
    await db.connect();
    try {
      expect((await db.query('SELECT slug FROM companies')).rows).toEqual([{ slug: DEMO_SLUG }]);
    } finally {
      await db.end();
    }
  }, 240_000);
});

describe.skipIf(onPostgres)('the same start on PGlite (one process: no lock to take)', () => {
  it('migrates and seeds an empty data directory, and a restart finds both done', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-instance-'));
    try {
      const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'auto' });
      const first = await openRuntime(config, pino({ level: 'silent' }));
      expect(first.seeded).toBe(true);
      await first.close();
      const again = await openRuntime(config, pino({ level: 'silent' }));
      expect(again.seeded).toBe(false);
      const { rows } = await again.database.executeSql('SELECT slug FROM companies');
      await again.close();
      expect(rows).toEqual([{ slug: DEMO_SLUG }]);
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
