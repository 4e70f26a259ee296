import pino from 'pino';
import { loadConfig } from '../../../config.ts';
import { openConfiguredDatabase } from '../../../db/open-configured.ts';
import { AppError } from '../../../http/app-error.ts';
import { openFileStore } from '../../../integrations/storage/open-file-store.ts';
import { startQueue } from '../../../jobs/queue.ts';
import { sendMailJob } from '../../platform/index.ts';
import { createFileService } from '../../tenant/index.ts';
import { createMailService } from '../../platform/index.ts';
import { createNotificationService } from '../../identity/index.ts';
import { ANSWER_USAGE, parseAnswerArgs } from './answer-args.ts';
import { createOperatorAlerts } from './operator-alerts.ts';
import { createTicketService } from './service.ts';

/**
 * The send-mail kind as the mail service sends it. Only the spec is used here: the mail is queued
 * with the answer and delivered by the server's mail job.
 */
const queuedMail = sendMailJob({
  kind: 'outbox',
  deliver: () => Promise.reject(new Error('ticket:answer only queues mail')),
  close: () => undefined,
});

/**
 * `npm run ticket:answer -- --ticket 12 --status Resolved --message "..." [--by name]`: answers a
 * ticket as an operator from a shell (the operator console does the same from a browser). The
 * response, the new status, the customer's notification and the queued mail to them are written in
 * one transaction. With the embedded database (PGlite) the server must be stopped first (one process
 * per data directory); with DATABASE_URL it can run alongside.
 */
async function main(): Promise<number> {
  const parsed = parseAnswerArgs(process.argv.slice(2));
  if (!parsed.ok) {
    console.error(`${parsed.error}\n\n${ANSWER_USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const store = await openFileStore(config.storage);
  const database = await openConfiguredDatabase(config);
  const queue = await startQueue(database, pino({ level: 'warn' }));
  try {
    const files = createFileService(database.db, store);
    const mail = createMailService(queue, queuedMail);
    const tickets = createTicketService(database.db, {
      files,
      notifications: createNotificationService(database.db),
      mail,
      alertOperators: createOperatorAlerts(mail),
    });
    const answered = await tickets.answer(parsed.input);
    console.log(`Ticket #${answered.ticketID} is now "${answered.status}". The customer was notified and e-mailed: ${answered.notice}`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await queue.stop();
    await database.close();
    store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
