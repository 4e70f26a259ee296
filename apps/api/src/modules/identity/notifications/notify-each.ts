import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications } from '../../../db/schema.ts';

/** One notification for one customer, as a batch of them is written. */
export type Notice = { companyId: number; customerId: number; text: string };

/**
 * The bulk form of the notification service's `notify`: the same rows, one INSERT for a whole batch
 * (machines' expiry pass writes thousands). One JSON parameter rather than three per row: binding
 * thousands of parameters costs more than the insert. Every notice leads to `linkTo` (a bell link).
 */
export async function notifyEach(tx: Db, notices: readonly Notice[], linkTo: string): Promise<void> {
  if (notices.length === 0) return;
  await tx.execute(sql`
    INSERT INTO ${notifications} (company_id, customer_id, text, link_to)
    SELECT x."companyId", x."customerId", x.text, ${linkTo} FROM json_to_recordset(${JSON.stringify(notices)}::json) AS x("companyId" int, "customerId" int, text text)`);
}
