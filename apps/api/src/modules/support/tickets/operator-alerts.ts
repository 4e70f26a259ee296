import type { Db } from '../../../db/client.ts';
import { sqlOf } from '../../../db/transaction-sql.ts';
import { createCustomerAccounts } from '../../identity/index.ts';
import { ticketAlertRecipients } from '../../operators/index.ts';
import { siteAddressOf } from '../../tenant/index.ts';
import type { MailService } from '../../platform/index.ts';
import { ticketAlertMail, type TicketAlert } from './operator-alert-mail.ts';

type Ticket = { id: number; companyId: number; customerId: number; issueType: string; assignedOperatorId: number | null };

/**
 * Tells the operators a ticket needs them (issue 17, point 4): a mail to the assignee, or to every
 * operator of the company while it is unassigned, enqueued in the caller's transaction so an alert
 * goes out exactly when the ticket or reply is stored. The console's badge counts the same tickets.
 */
export function createOperatorAlerts(mail: Pick<MailService, 'enqueue'>) {
  return async function alertOperators(tx: Db, ticket: Ticket, kind: TicketAlert['kind'], message: string): Promise<void> {
    const recipients = await ticketAlertRecipients(tx, ticket.companyId, ticket.assignedOperatorId);
    if (recipients.length === 0) return;
    const customer = await createCustomerAccounts(tx).byId(ticket.companyId, ticket.customerId);
    const site = await siteAddressOf(tx, ticket.companyId);
    const customerName = `${customer?.firstName ?? ''} ${customer?.lastName ?? ''}`.trim() || customer?.email || 'A customer';
    const consoleUrl = site ? `${site}/admin/c/${ticket.companyId}/tickets/${ticket.id}` : '';
    const content = ticketAlertMail({ kind, ticketId: ticket.id, issueType: ticket.issueType, customerName, message, consoleUrl });
    for (const to of recipients) await mail.enqueue({ companyId: ticket.companyId, to: to.email, ...content }, { db: sqlOf(tx) });
  };
}

export type AlertOperators = ReturnType<typeof createOperatorAlerts>;
