import { escapeHtml, mailHtml, paragraphs } from '../../platform/index.ts';

export type TicketAlert = {
  kind: 'new-ticket' | 'customer-reply';
  ticketId: number;
  issueType: string;
  customerName: string;
  /** The customer's words: the ticket's description or their reply. */
  message: string;
  /** The console's page of the ticket; empty when the company has no site address. */
  consoleUrl: string;
};

/**
 * The mail that tells a company's operators a ticket needs them: a new ticket, or the customer's
 * reply. In English, as the console is; the customer's words quoted as they wrote them.
 */
export function ticketAlertMail(alert: TicketAlert): { subject: string; text: string; html: string } {
  const what =
    alert.kind === 'new-ticket'
      ? `New ticket #${alert.ticketId} (${alert.issueType}) from ${alert.customerName}`
      : `${alert.customerName} replied to ticket #${alert.ticketId} (${alert.issueType})`;
  const open = alert.consoleUrl ? `Answer it in the console: ${alert.consoleUrl}` : 'Answer it under Tickets in the console.';
  const text = [what, alert.message, open].join('\n\n');
  const html = mailHtml('en', [
    ...paragraphs([what]),
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #c5ced6;white-space:pre-wrap">${escapeHtml(alert.message)}</blockquote>`,
    alert.consoleUrl
      ? `<p style="margin:0 0 12px"><a href="${escapeHtml(alert.consoleUrl)}">Answer ticket #${alert.ticketId} in the console</a></p>`
      : paragraphs([open])[0]!,
  ]);
  return { subject: what, text, html };
}
