import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { openConfiguredDatabase } from '../../db/open-configured.ts';
import { AppError } from '../../http/app-error.ts';
import { createLocalFileStore } from '../../integrations/storage/local-file-store.ts';
import { createFileService } from '../files/service.ts';
import { createNotificationService } from '../notifications/service.ts';
import { ANSWER_USAGE, parseAnswerArgs } from './answer-args.ts';
import { createTicketService } from './service.ts';

/**
 * `npm run ticket:answer -- --ticket 12 --status Resolved --message "..." [--by name]`: answers a
 * ticket as an operator until the operator console exists. The response, the new status and the
 * customer's notification are written in one transaction. With the embedded database (PGlite) the
 * server must be stopped first (one process per data directory); with DATABASE_URL it can run alongside.
 */
async function main(): Promise<number> {
  const parsed = parseAnswerArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${ANSWER_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const files = createFileService(database.db, createLocalFileStore(path.join(config.dataDir, 'files')));
    const tickets = createTicketService(database.db, { files, notifications: createNotificationService(database.db) });
    const answered = await tickets.answer(parsed.input);
    console.log(`Ticket #${answered.ticketID} is now "${answered.status}". The customer was notified: ${answered.notice}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
