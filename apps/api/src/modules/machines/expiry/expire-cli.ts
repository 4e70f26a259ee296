import pino from 'pino';
import { loadConfig } from '../../../config.ts';
import { openConfiguredDatabase } from '../../../db/open-configured.ts';
import { createExpiryPass } from './expire-job.ts';
import { startQueue } from '../../../jobs/queue.ts';

/**
 * `node --import tsx apps/api/src/modules/expiry/expire-cli.ts`: one expiry pass now, as the daily
 * job runs it (reminders, expiry, archiving; idempotent, so it may overlap the scheduled one). The
 * machines are stopped and archived by the jobs it queues, which the API instances work. With the
 * embedded database (PGlite) the server must be stopped first (one process per data directory).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  const queue = await startQueue(database, pino({ level: 'warn' }));
  try {
    const started = performance.now();
    const result = await createExpiryPass(database.db, queue)();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Expiry pass done in ${seconds} s: ${result.reminded} reminders sent, ${result.expired} VMs expired, ${result.archived} archived.`,
    );
    return 0;
  } finally {
    await queue.stop();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
