import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@mawingu/contracts/messages';
import { buildApp } from '../../../app.ts';
import type { Config } from '../../../config.ts';
import { openDatabase, type Database } from '../../../db/client.ts';
import { runMigrations } from '../../../db/migrate.ts';
import { committedMigrations } from '../../../db/migration-status.ts';
import { createLocalFileStore } from '../../../integrations/storage/local-file-store.ts';
import { createTestApp, type TestContext } from '../../../../test/test-app.ts';
import { createEmptyPostgresDatabase, openTestDatabase } from '../../../../test/test-db.ts';

/**
 * What a load balancer or orchestrator asks of an instance: is the process serving (liveness), and
 * can it serve requests now (readiness). Neither needs a company's site, nor counts against a limit.
 */
describe('GET /api/health and GET /api/ready', () => {
  let t: TestContext;
  let webDist: string;
  const allTags = committedMigrations().map((m) => m.tag);

  beforeAll(async () => {
    // A built SPA, so the 404 tests show /api/* never falls through to it.
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-spa-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  /** The app on another database, with the test's queue and mail (neither is asked by these routes). */
  const appOn = async (database: Database) =>
    (
      await buildApp({
        config: t.config,
        database,
        queue: t.queue,
        mailTransport: t.mailTransport,
        fileStore: createLocalFileStore(path.join(t.config.dataDir, 'files')),
      })
    ).app;

  it('health: 200 JSON in the envelope, without a company origin, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'instance-7.internal:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 200, message: messages.ok, data: { live: true } });
  });

  it('ready: 200 when the database answers and every committed migration is applied', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready', headers: { host: '10.0.3.17:3000' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 200, message: messages.ok, data: { ready: true, database: 'ok', missingMigrations: [] } });
  });

  it('neither is rate-limited: a load balancer checking every few milliseconds always gets an answer', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 150; i++) {
      statuses.add((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode);
      statuses.add((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode);
    }
    expect([...statuses]).toEqual([200]);
  });

  it('ready: 503 naming every committed migration on an unmigrated database, 200 once migrated', async () => {
    const empty = process.env.DATABASE_URL ? await createEmptyPostgresDatabase(process.env.DATABASE_URL) : undefined;
    const database = await openDatabase(empty ? { databaseUrl: empty.url } : { pgliteDir: 'memory://' });
    const app = await appOn(database);
    try {
      const before = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(before.statusCode).toBe(503);
      const body = before.json();
      expect(body.status).toBe(503);
      expect(body.message).toContain('Not ready: migrations not applied: 0000_init, ');
      expect(body.data).toEqual({ ready: false, database: 'ok', missingMigrations: allTags });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      await runMigrations(database);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

      // A database restored from before the last release: only the newest migration is missing.
      const newest = committedMigrations().at(-1)!;
      await database.executeSql('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1', [newest.when]);
      const behind = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().data.missingMigrations).toEqual([newest.tag]);
    } finally {
      await app.close();
      await database.close();
      await empty?.drop();
    }
  });

  it('ready: 503 when the database does not answer, while health stays 200 (it asks nothing of the database)', async () => {
    const database = await openTestDatabase();
    const app = await appOn(database);
    try {
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await database.close();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 503,
        message: 'Not ready: the database does not answer',
        data: { ready: false, database: 'unreachable', missingMigrations: null },
      });
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().data).toEqual({ live: true });
    } finally {
      await app.close();
    }
  });

  it('unknown /api/* paths answer a JSON 404, never the SPA (which serves other paths)', async () => {
    const spa = await t.app.inject({ method: 'GET', url: '/account/profile' });
    expect(spa.statusCode).toBe(200);
    expect(spa.body).toContain('<title>SPA</title>');
    for (const url of ['/api/nope', '/api/health/x', '/api/ready/', '/api/healthz', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.json(), url).toEqual({ status: 404, message: messages.routeNotFound, data: null });
    }
  });
});

describe('the request id', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  const PROXY = '10.0.0.5';
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: PROXY });
  });
  afterAll(() => t.close());

  /** The app with its log lines captured, to see which id they carry. */
  async function loggedApp(overrides: Partial<Config>) {
    const lines: { reqId?: string; msg?: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const config = { ...t.config, ...overrides };
    const { app } = await buildApp({
      config,
      database: t.database,
      queue: t.queue,
      mailTransport: t.mailTransport,
      fileStore: createLocalFileStore(path.join(t.config.dataDir, 'files')),
      logger,
    });
    return { app, lines };
  }

  it('is returned on every reply: success, 404, bad input; a new one per request', async () => {
    const replies = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health' }),
      t.app.inject({ method: 'GET', url: '/api/nope' }),
      t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"emailID":' }),
      t.app.inject({ method: 'GET', url: '/api/health' }),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 404, 400, 200]);
    const ids = replies.map((r) => String(r.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
  });

  it('is taken from X-Request-Id when the trusted proxy sends it, and the log lines carry it', async () => {
    const { app, lines } = await loggedApp({});
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'lb-7f3a.9c21:0001' },
        remoteAddress: PROXY,
      });
      expect(res.headers['x-request-id']).toBe('lb-7f3a.9c21:0001');
      expect(lines.filter((l) => l.msg === 'request completed').map((l) => l.reqId)).toEqual(['lb-7f3a.9c21:0001']);
    } finally {
      await app.close();
    }
  });

  it('is not taken from anyone but a trusted proxy: another peer, or no TRUST_PROXY at all', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'chosen-by-client' },
      remoteAddress: '203.0.113.9',
    });
    expect(other.headers['x-request-id']).toMatch(UUID);
    const { app, lines } = await loggedApp({ trustProxy: { kind: 'none' } });
    try {
      const direct = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'chosen-by-client' },
        remoteAddress: PROXY,
      });
      expect(direct.headers['x-request-id']).toMatch(UUID);
      expect(lines.some((l) => l.reqId === 'chosen-by-client')).toBe(false);
    } finally {
      await app.close();
    }
  });

  it('from the trusted proxy, one too long or with unsafe characters is replaced (nothing forged into the logs)', async () => {
    const unsafe = ['x'.repeat(129), 'two words', 'id"},"level":60', '<script>', 'tab\there', 'naïve', ''];
    for (const given of unsafe) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': given }, remoteAddress: PROXY });
      expect(res.headers['x-request-id'], JSON.stringify(given)).toMatch(UUID);
    }
    const longest = 'a'.repeat(128);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': longest }, remoteAddress: PROXY });
    expect(res.headers['x-request-id']).toBe(longest);
  });
});
