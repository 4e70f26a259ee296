import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { operators } from '../../../db/schema.ts';

/**
 * Whom a ticket's alert goes to (issue 17, point 4): the operator it is assigned to, or, while it is
 * unassigned (or its assignee was disabled), every active operator of the company who has accepted
 * their invitation. The platform owner belongs to no company and gets none.
 */
export async function ticketAlertRecipients(
  db: Db,
  companyId: number,
  assignedOperatorId: number | null,
): Promise<{ email: string; name: string }[]> {
  const active = and(eq(operators.companyId, companyId), isNull(operators.disabledAt), isNull(operators.invitationTokenHash));
  const rows = await db
    .select({ id: operators.id, email: operators.email, name: operators.name })
    .from(operators)
    .where(active)
    .orderBy(asc(operators.id));
  const assignee = rows.filter((r) => r.id === assignedOperatorId);
  return (assignee.length > 0 ? assignee : rows).map((r) => ({ email: r.email, name: r.name || r.email }));
}
