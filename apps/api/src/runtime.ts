import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { openConfiguredDatabase } from './db/open-configured.ts';
import { createOutboxTransport } from './integrations/mail/outbox-transport.ts';
import { createSmtpTransport } from './integrations/mail/smtp-transport.ts';
import type { MailTransport } from './integrations/mail/mail.ts';
import { openFileStore } from './integrations/storage/open-file-store.ts';
import { startQueue, type JobQueue } from './jobs/queue.ts';
import type { FileStore } from './integrations/storage/file-store.ts';

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
  const fileStore = await openFileStore(config.storage);
  const database = await openConfiguredDatabase(config);
  const mailTransport = config.smtpUrl
    ? createSmtpTransport(config.smtpUrl, config.mailFrom)
    : createOutboxTransport(database.db, config.mailFrom, log);
  const queue = await startQueue(database, log, config.jobs);
  return {
    database,
    queue,
    fileStore,
    mailTransport,
    async close() {
      await queue.stop();
      mailTransport.close();
      await database.close();
      fileStore.close();
    },
  };
}
