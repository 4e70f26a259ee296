import { defineCalls } from './call.ts';

/** The customer's ticket calls (under /api, signed in); schemas in tickets.ts. */
const call = defineCalls(() => import('./tickets.ts'));

export const getTicketIssueTypeCall = call('GET', 'ticket/getTicketIssueType', (s) => ({ reply: s.getTicketIssueTypeResponse.shape.data }));
/** Multipart: the fields of `generateTicketFields` and the files under TICKET_ATTACHMENTS_FIELD. */
export const generateTicketCall = call('POST', 'ticket/generateTicket', (s) => ({ reply: s.generateTicketResponse.shape.data }));
export const getAllUserTicketCall = call('GET', 'ticket/getallUserTicket', (s) => ({ reply: s.getAllUserTicketResponse.shape.data }));
export const getTicketDetailByIdCall = call('POST', 'ticket/getTicketDetailByID', (s) => ({
  request: s.getTicketDetailByIDRequest,
  reply: s.ticketDetail,
}));
/** The customer's reply in a ticket's conversation (issue 17, point 4). */
export const replyToTicketCall = call('POST', 'ticket/replyToTicket', (s) => ({
  request: s.replyToTicketRequest,
  reply: s.replyToTicketResponse.shape.data,
}));
