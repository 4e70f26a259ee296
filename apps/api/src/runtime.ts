import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { seedOnStart } from './db/seed/run.ts';
import { withStartLock } from './db/start-lock.ts';
import { createOutboxTransport } from './integrations/mail/outbox-transport.ts';
import { createSmtpTransport } from './integrations/mail/smtp-transport.ts';
import type { MailTransport } from './integrations/mail/mail.ts';
import { openFileStore } from './integrations/storage/open-file-store.ts';
import { startQueue, type JobQueue } from './jobs/queue.ts';
import type { FileStore } from './integrations/storage/file-store.ts';
import { createFileService } from './modules/tenant/files/service.ts';

export type Runtime = {
  database: Database;
  queue: JobQueue;
  fileStore: FileStore;
  mailTransport: MailTransport;
  /** Whether this start seeded the demo company (SEED_DEMO; `auto` seeds an empty database only). */
  seeded: boolean;
  close(): Promise<void>;
};

/**
 * Opens everything the server stands on, from configuration alone: the database (migrated), the
 * file store, the mail transport and the job queue, and seeds the demo company per SEED_DEMO.
 * Instances starting together on one PostgreSQL take turns at the migrations, at the queue's
 * schema and at "seed if empty" (start-lock.ts), so each finds the others' work done.
 */
export async function openRuntime(config: Config, log: FastifyBaseLogger): Promise<Runtime> {
  const fileStore = await openFileStore(config.storage);
  const database = await openConfiguredDatabase(config);
  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(database.db, config.mailFrom, log);
  const { queue, seeded } = await withStartLock(database, async () => {
    const queue = await startQueue(database, log, config.jobs);
    const seeded = await seedOnStart(database.db, createFileService(database.db, fileStore), config);
    return { queue, seeded };
  });
  return {
    database,
    queue,
    fileStore,
    mailTransport,
    seeded,
    async close() {
      await queue.stop();
      mailTransport.close();
      await database.close();
      fileStore.close();
    },
  };
}
