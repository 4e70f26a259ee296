import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { outboxMails } from '../../../db/schema.ts';

/** Inside the caller's transaction: the kept copies of mails to an address (the outbox, when no SMTP server is set) are deleted. */
export async function eraseOutboxMailsTo(tx: Db, companyId: number, email: string): Promise<void> {
  await tx
    .delete(outboxMails)
    .where(and(eq(outboxMails.companyId, companyId), sql`position(${email.toLowerCase()} in lower(${outboxMails.to})) > 0`));
}
