import type { Db } from '../client.ts';
import { ticketIssueTypes } from '../schema.ts';
import { countOf } from './count-of.ts';

/** What a customer can raise a ticket about, in the order the select lists them. */
export const DEFAULT_TICKET_ISSUE_TYPES = ['Billing', 'Virtual Machine', 'Network', 'Account', 'Other'];

/**
 * Gives a company its ticket issue types (the seed and the tests). Like every seeded list, written
 * only when the company has none yet, so an operator's own list is never touched.
 */
export async function seedTicketIssueTypes(db: Db, companyId: number, names: readonly string[] = DEFAULT_TICKET_ISSUE_TYPES) {
  if (names.length === 0 || (await countOf(db, ticketIssueTypes, companyId)) > 0) return;
  await db.insert(ticketIssueTypes).values(names.map((issueName, sortOrder) => ({ companyId, issueName, sortOrder })));
}
