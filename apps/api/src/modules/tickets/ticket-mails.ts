const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * The mail sent when an operator answers a ticket. It carries the response itself: the customer's
 * ticket page shows only the first response (spec), so a later one reaches them here and under the
 * bell. Attached files stay private on the site (named here, downloaded from the ticket page).
 */
export function ticketAnsweredMail(input: {
  /** The same words as the bell's notice. */
  subject: string;
  firstName: string;
  companyName: string;
  ticketId: number;
  issueType: string;
  status: string;
  response: string;
  attachmentNames: string[];
  /** The company's site, for the link to the ticket; empty when it has none. */
  siteUrl: string;
}): { subject: string; text: string; html: string } {
  const { ticketId, issueType, status } = input;
  const { subject } = input;
  const link = input.siteUrl ? `${input.siteUrl.replace(/\/+$/, '')}/TicketDetails/${ticketId}` : '';
  const intro = [`Hello ${input.firstName},`, `${input.companyName} answered your ticket #${ticketId} (${issueType}). Its status is now: ${status}.`];
  const outro = [
    ...(input.attachmentNames.length > 0 ? [`Attached files (download them from your ticket page): ${input.attachmentNames.join(', ')}.`] : []),
    link ? `See your ticket: ${link}` : 'You will find it under Tickets on your account page.',
  ];
  const text = [...intro, 'Response:', input.response, ...outro].join('\n\n');
  const p = (line: string) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`;
  const html = [
    '<div style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2933">',
    ...intro.map(p),
    `<blockquote style="margin:0 0 12px;padding:8px 12px;border-left:3px solid #c5ced6;white-space:pre-wrap">${escapeHtml(input.response)}</blockquote>`,
    ...outro.slice(0, -1).map(p),
    link ? `<p style="margin:0 0 12px"><a href="${escapeHtml(link)}">See your ticket #${ticketId}</a></p>` : p(outro.at(-1)!),
    '</div>',
  ].join('');
  return { subject, text, html };
}
