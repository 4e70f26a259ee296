import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Modules } from '../src/modules/create-modules.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createOutboxTransport } from '../src/integrations/mail/outbox-transport.ts';
import { createSmtpTransport } from '../src/integrations/mail/smtp-transport.ts';
import type { MailTransport } from '../src/integrations/mail/mail.ts';
import { openFileStore } from '../src/integrations/storage/open-file-store.ts';
import { startQueue, type JobQueue } from '../src/jobs/queue.ts';
import { openTestDatabase } from './test-db.ts';

export type TestContext = {
  app: FastifyInstance;
  /** The domains the app was built from: their services, for what a test does behind the API. */
  modules: Modules;
  database: Database;
  queue: JobQueue;
  config: Config;
  mailTransport: MailTransport;
  close(): Promise<void>;
};

/** The whole app on the test file's own database, with real queue, file store and mail transport. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'mawingu-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '3999', ...env });
  const log = pino({ level: 'silent' });
  const database = await openTestDatabase();
  // A test's close hands back a job still running after 5 s rather than wait a production grace.
  const queue = await startQueue(database, log, { shutdownGraceSeconds: 5 });
  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(database.db, config.mailFrom, log);
  const fileStore = await openFileStore(config.storage);
  const { app, modules } = await buildApp({ config, database, queue, fileStore, mailTransport });
  return {
    app,
    modules,
    database,
    queue,
    config,
    mailTransport,
    async close() {
      await app.close();
      await queue.stop();
      mailTransport.close();
      await database.close();
      fileStore.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the server on the same database, queue and mail (as several instances behind
 * one address); with `logger`, logging into it (a test reads its access lines).
 */
export async function anotherInstance(t: TestContext, logger?: pino.Logger): Promise<FastifyInstance> {
  const fileStore = await openFileStore(t.config.storage);
  const deps = { config: t.config, database: t.database, queue: t.queue, fileStore, mailTransport: t.mailTransport };
  const { app } = await buildApp(logger ? { ...deps, logger } : deps);
  return app;
}

/**
 * POSTs a JSON body to an API call and returns the parsed envelope with the HTTP status. The
 * client's address is the socket's (`remoteAddress`, default 127.0.0.1): X-Forwarded-For is
 * believed only from a proxy named in TRUST_PROXY.
 */
export async function post(
  app: FastifyInstance,
  call: string,
  body: unknown,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/${call}`,
    payload: body as object,
    headers,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  return { http: res.statusCode, body: res.json() as { status: number; message: string; data: any }, headers: res.headers };
}
