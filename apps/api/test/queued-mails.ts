import type { Mail } from '../src/integrations/mail/mail.ts';
import type { TestContext } from './test-app.ts';

/** Mails waiting in the job queue (oldest first), optionally only those to one address. */
export async function queuedMails(t: TestContext, to?: string): Promise<Mail[]> {
  const res = await t.database.executeSql(`select data from pgboss.job where name = 'send-mail' order by created_on, id`);
  const mails = (res.rows as { data: Mail }[]).map((row) => row.data);
  return to === undefined ? mails : mails.filter((mail) => mail.to === to);
}
