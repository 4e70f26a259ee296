import { and, count, eq, sql } from 'drizzle-orm';
import { UNRESOLVED_STATUSES } from '@mawingu/contracts/admin/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketResponses, tickets } from '../../../db/schema.ts';

/**
 * A ticket awaits an operator while it is unresolved and the last word is the customer's: nobody
 * has answered yet, or the customer replied after the last answer. The queue's flag and filter and
 * the sidebar's badge count the same tickets.
 */
export const awaitingOperator = sql<boolean>`(${tickets.status} in (${sql.join(
  UNRESOLVED_STATUSES.map((s) => sql`${s}`),
  sql`, `,
)}) and coalesce((select r.author from ${ticketResponses} r where r.ticket_id = ${tickets.id} order by r.created_at desc, r.id desc limit 1), 'customer') = 'customer')`;

/** How many of the company's tickets await an operator. */
export async function awaitingCount(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), awaitingOperator));
  return row?.n ?? 0;
}
