import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, pgliteDirFor, type Database } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createOutboxTransport } from './integrations/mail/outbox-transport.ts';
import { createSmtpTransport } from './integrations/mail/smtp-transport.ts';
import type { MailTransport } from './integrations/mail/mail.ts';
import { createLocalFileStore } from './integrations/storage/local-file-store.ts';
import { startQueue, type JobQueue } from './jobs/queue.ts';
import type { FileStore } from './integrations/storage/file-store.ts';
import { lockDataDir } from './db/data-dir-lock.ts';

export type Runtime = {
  database: Database;
  queue: JobQueue;
  fileStore: FileStore;
  mailTransport: MailTransport;
  close(): Promise<void>;
};

/**
 * Opens everything the app stands on, from configuration alone: the database (migrated), the
 * file store, the mail transport and the job queue. Used by the server and the CLI tools.
 */
export async function openRuntime(config: Config, log: FastifyBaseLogger): Promise<Runtime> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = config.databaseUrl
    ? await openDatabase({ databaseUrl: config.databaseUrl })
    : await openDatabase({ pgliteDir: pgliteDirFor(config.dataDir) });
  await runMigrations(database);
  const fileStore = createLocalFileStore(path.join(config.dataDir, 'files'));
  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(database.db, config.mailFrom, log);
  const queue = await startQueue(database, log);
  return {
    database,
    queue,
    fileStore,
    mailTransport,
    async close() {
      await queue.stop();
      mailTransport.close();
      await database.close();
      unlock();
    },
  };
}
