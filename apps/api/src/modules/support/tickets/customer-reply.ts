import { and, eq } from 'drizzle-orm';
import { messages } from '@mawingu/contracts/messages';
import type { ReplyToTicketRequest } from '@mawingu/contracts/tickets';
import type { Db } from '../../../db/client.ts';
import { ticketResponses, tickets } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import type { AlertOperators } from './operator-alerts.ts';

/** Statuses a customer's reply leaves as they are; any other (Resolved, Closed) opens the ticket again. */
const STILL_OPEN = ['Open', 'In Progress'];

/**
 * The customer answers in their ticket's conversation (issue 17, point 4). The reply, the ticket's
 * status (a resolved or closed ticket opens again: the customer still needs help) and the
 * operators' alert are written in one transaction; anyone else's ticket is a 404.
 */
export function createCustomerReply(db: Db, alertOperators: AlertOperators) {
  return async function reply(companyId: number, customerId: number, input: ReplyToTicketRequest) {
    const customer = await createCustomerAccounts(db).byId(companyId, customerId);
    return db.transaction(async (tx) => {
      const [ticket] = await tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, input.ticketID), eq(tickets.companyId, companyId), eq(tickets.customerId, customerId)))
        .for('update');
      if (!ticket || !customer) throw AppError.notFound(messages.ticketNotFound);
      const status = STILL_OPEN.includes(ticket.status) ? ticket.status : 'Open';
      const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email;
      await tx
        .insert(ticketResponses)
        .values({ ticketId: ticket.id, status, response: input.message, answeredBy: name, author: 'customer' });
      if (status !== ticket.status) await tx.update(tickets).set({ status }).where(eq(tickets.id, ticket.id));
      await alertOperators(tx, ticket, 'customer-reply', input.message);
      return { ticketID: ticket.id, ticketStatus: status };
    });
  };
}
