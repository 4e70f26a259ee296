import { defineCalls } from '../call.ts';

/** The console's ticket calls (under /api/admin); schemas in tickets.ts. */
const call = defineCalls(() => import('./tickets.ts'));

export const ticketQueueCall = call('GET', 'companies/:companyId/tickets', (s) => ({
  query: s.adminTicketsQuery,
  reply: s.adminTicketList,
}));
export const ticketDetailCall = call('GET', 'companies/:companyId/tickets/:ticketId', (s) => ({ reply: s.adminTicketDetail }));
/** Multipart: the fields of `answerTicketFields` and the files under `attachments`. */
export const answerTicketCall = call('POST', 'companies/:companyId/tickets/:ticketId/responses', (s) => ({ reply: s.answeredTicket }));
/** Priority and/or assignee (issue 17, point 4). */
export const updateTicketCall = call('PATCH', 'companies/:companyId/tickets/:ticketId', (s) => ({
  request: s.updateTicketRequest,
  reply: s.updatedTicket,
}));
/** An internal note: operators only. */
export const addTicketNoteCall = call('POST', 'companies/:companyId/tickets/:ticketId/notes', (s) => ({
  request: s.addTicketNoteRequest,
  reply: s.ticketNote,
}));
/** How many tickets await an operator: the sidebar's badge. */
export const awaitingTicketsCall = call('GET', 'companies/:companyId/tickets/awaiting', (s) => ({ reply: s.awaitingTickets }));
/** Saved replies (issue 17, point 4): every operator lists them, managers keep them. */
export const cannedRepliesCall = call('GET', 'companies/:companyId/ticket-replies', (s) => ({ reply: s.cannedReplyList }));
export const addCannedReplyCall = call('POST', 'companies/:companyId/ticket-replies', (s) => ({
  request: s.cannedReplyRequest,
  reply: s.cannedReply,
}));
export const changeCannedReplyCall = call('PUT', 'companies/:companyId/ticket-replies/:replyId', (s) => ({
  request: s.cannedReplyRequest,
  reply: s.cannedReply,
}));
export const deleteCannedReplyCall = call('DELETE', 'companies/:companyId/ticket-replies/:replyId', () => ({}));
