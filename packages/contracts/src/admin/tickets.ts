import { z } from 'zod';
import { TICKET_DESCRIPTION_MAX, TICKET_STATUSES } from '../tickets.ts';
import { companyIdParams } from './companies.ts';

/**
 * Console tickets (issue 7, point 7): the company's ticket queue, one ticket with the whole
 * conversation, and an operator's answer (multipart: `response`, `status`, files under
 * `attachments`). Texts are the API's own (English), shown as they come.
 */
export const ticketsAdminMessages = {
  responseRequired: 'Write a response to the customer.',
  responseTooLong: `The response is too long (at most ${TICKET_DESCRIPTION_MAX} characters).`,
  statusInvalid: `Choose a status: ${TICKET_STATUSES.join(', ')}.`,
  /** {fileName} is filled in by the API. */
  attachmentType: '{fileName} cannot be attached: send an image (PNG, JPEG, GIF, WebP), a PDF or a plain text file.',
  answered: 'Response sent. The customer was notified and e-mailed.',
  dateInvalid: 'Use a date like 2026-11-24.',
  dateOrder: 'The start date must not be after the end date.',
  notMultipart: 'Send the response as a multipart form.',
  priorityInvalid: 'Choose a priority: low, normal, high or urgent.',
  assigneeInvalid: 'Choose an operator of this company.',
  nothingToChange: 'Choose a priority or an operator to assign.',
  updated: 'Ticket updated.',
  noteRequired: 'Write the note.',
  noteTooLong: `The note is too long (at most ${TICKET_DESCRIPTION_MAX} characters).`,
  noteAdded: 'Internal note added. The customer does not see it.',
  cannedTitleRequired: 'Name the saved reply.',
  cannedTitleTooLong: 'The name is too long (at most 80 characters).',
  cannedBodyRequired: 'Write the saved reply.',
  cannedTitleTaken: 'A saved reply of this company already has this name.',
  cannedNotFound: 'Saved reply not found.',
  cannedSaved: 'Saved reply saved.',
  cannedDeleted: 'Saved reply deleted.',
} as const;

/** Ticket priorities (issue 17, point 4), lowest first; set by an operator. */
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
const ticketPriority = z.enum(TICKET_PRIORITIES, { error: ticketsAdminMessages.priorityInvalid });

export const ADMIN_TICKETS_PAGE_SIZE = 20;
/** Statuses that still need an operator: listed first in the queue. */
export const UNRESOLVED_STATUSES = ['Open', 'In Progress'] as const;
/** Multipart text fields of an answer. */
export const ANSWER_FIELDS = ['response', 'status'] as const;

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ticketsAdminMessages.dateInvalid)
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    ticketsAdminMessages.dateInvalid,
  );

const ticketStatus = z.enum(TICKET_STATUSES, { error: ticketsAdminMessages.statusInvalid });

export const adminTicketsQuery = z
  .object({
    status: ticketStatus.optional(),
    issueType: z.string().trim().max(100).optional(),
    /** A ticket number ("12" or "#12"), or part of the description or of the customer's name or e-mail. */
    q: z.string().trim().max(200).optional(),
    /** Inclusive days the ticket was raised, in South African time (as invoices are dated), YYYY-MM-DD. */
    from: day.optional(),
    to: day.optional(),
    priority: ticketPriority.optional(),
    /** "mine" (assigned to the operator asking) or "unassigned". */
    assigned: z.enum(['mine', 'unassigned']).optional(),
    /** "priority": most urgent first (then as usual); default: unresolved first, newest first. */
    sort: z.enum(['priority']).optional(),
    /** "1": only the tickets awaiting an operator (the console badge's count). */
    awaiting: z.enum(['1']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(ADMIN_TICKETS_PAGE_SIZE),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: ticketsAdminMessages.dateOrder, path: ['to'] });
export type AdminTicketsQuery = z.input<typeof adminTicketsQuery>;

export const ticketIdParams = companyIdParams.extend({
  ticketId: z.coerce
    .number({ error: 'Ticket not found' })
    .int('Ticket not found')
    .positive('Ticket not found')
    .max(2_147_483_647, 'Ticket not found'),
});
export const ticketFileParams = ticketIdParams.extend({ fileId: z.uuid({ error: 'Attachment not found' }) });

export const ticketCustomer = z.object({ id: z.number().int(), name: z.string(), email: z.string() });
export type TicketCustomer = z.infer<typeof ticketCustomer>;

export const adminTicketListItem = z.object({
  ticketId: z.number().int(),
  issueType: z.string(),
  status: z.string(),
  /** The start of the description (at most 160 characters). */
  excerpt: z.string(),
  createdAt: z.string(),
  customer: ticketCustomer,
  responses: z.number().int(),
  lastResponseAt: z.string().nullable(),
  attachments: z.number().int(),
  priority: z.enum(TICKET_PRIORITIES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Still open and its last word is the customer's (no answer yet, or they replied): an operator's turn. */
  awaiting: z.boolean(),
});
export type AdminTicketListItem = z.infer<typeof adminTicketListItem>;

export const adminTicketList = z.object({
  items: z.array(adminTicketListItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Tickets of the company per status (all of them, whatever the filters). */
  statusCounts: z.record(z.string(), z.number().int()),
  /** The company's issue types, for the filter. */
  issueTypes: z.array(z.string()),
  /** The company's operators, for the assignee filter and column. */
  assignable: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminTicketList = z.infer<typeof adminTicketList>;

/** A file of the ticket or of a response; `url` is relative to /api/admin and needs the console session. */
export const adminTicketAttachment = z.object({
  fileId: z.string(),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});
export type AdminTicketAttachment = z.infer<typeof adminTicketAttachment>;

export const adminTicketResponse = z.object({
  responseId: z.number().int(),
  createdAt: z.string(),
  status: z.string(),
  response: z.string(),
  answeredBy: z.string(),
  /** An operator's answer, or the customer's reply (issue 17, point 4). */
  author: z.enum(['operator', 'customer']),
  attachments: z.array(adminTicketAttachment),
});
export type AdminTicketResponse = z.infer<typeof adminTicketResponse>;

export const adminTicketDetail = z.object({
  ticketId: z.number().int(),
  issueType: z.string(),
  status: z.string(),
  description: z.string(),
  createdAt: z.string(),
  customer: ticketCustomer,
  attachments: z.array(adminTicketAttachment),
  /** Every response, oldest first (the customer's ticket page shows only the first). */
  responses: z.array(adminTicketResponse),
  priority: z.enum(TICKET_PRIORITIES),
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Operators' internal notes, oldest first: never sent to the customer. */
  notes: z.array(z.object({ noteId: z.number().int(), note: z.string(), writtenBy: z.string(), createdAt: z.string() })),
  /** The company's operators a ticket may be assigned to. */
  assignable: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AdminTicketDetail = z.infer<typeof adminTicketDetail>;

/** The text fields of POST …/tickets/:ticketId/responses (the files travel beside them). */
export const answerTicketFields = z.object({
  response: z
    .string({ error: ticketsAdminMessages.responseRequired })
    .trim()
    .min(1, ticketsAdminMessages.responseRequired)
    .max(TICKET_DESCRIPTION_MAX, ticketsAdminMessages.responseTooLong),
  status: ticketStatus,
});
export type AnswerTicketFields = z.infer<typeof answerTicketFields>;

export const answeredTicket = z.object({
  ticketId: z.number().int(),
  responseId: z.number().int(),
  status: z.string(),
  attachments: z.number().int(),
});
export type AnsweredTicket = z.infer<typeof answeredTicket>;

/** Operator attachments: what the bytes are may be one of these (sniffed, never the sender's claim). */
export const ANSWER_ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain'] as const;
/** The file input's `accept` (a hint for the picker; the server decides from the bytes). */
export const ANSWER_ATTACHMENT_ACCEPT =
  '.png,.jpg,.jpeg,.gif,.webp,.pdf,.txt,.log,.csv,image/png,image/jpeg,image/gif,image/webp,application/pdf,text/plain';

/** PATCH …/tickets/:ticketId: the priority and/or the assignee (null unassigns). */
export const updateTicketRequest = z
  .object({
    priority: ticketPriority.optional(),
    assignedOperatorId: z.number({ error: ticketsAdminMessages.assigneeInvalid }).int().positive().nullable().optional(),
  })
  .refine((v) => v.priority !== undefined || v.assignedOperatorId !== undefined, {
    message: ticketsAdminMessages.nothingToChange,
    path: ['priority'],
  });
export type UpdateTicketRequest = z.infer<typeof updateTicketRequest>;

/** POST …/tickets/:ticketId/notes: an internal note. */
export const addTicketNoteRequest = z.object({
  note: z
    .string({ error: ticketsAdminMessages.noteRequired })
    .trim()
    .min(1, ticketsAdminMessages.noteRequired)
    .max(TICKET_DESCRIPTION_MAX, ticketsAdminMessages.noteTooLong),
});
export type AddTicketNoteRequest = z.infer<typeof addTicketNoteRequest>;

export const ticketAssignee = z.object({ id: z.number().int(), name: z.string() });
export const updatedTicket = z.object({
  ticketId: z.number().int(),
  priority: z.enum(TICKET_PRIORITIES),
  assignee: ticketAssignee.nullable(),
});
export const ticketNote = z.object({ noteId: z.number().int(), note: z.string(), writtenBy: z.string(), createdAt: z.string() });

/** GET …/tickets/awaiting: how many tickets await an operator (the sidebar's badge). */
export const awaitingTickets = z.object({ count: z.number().int() });
export type AwaitingTickets = z.infer<typeof awaitingTickets>;

/** A saved reply an operator inserts into an answer (issue 17, point 4). */
export const cannedReply = z.object({ id: z.number().int(), title: z.string(), body: z.string() });
export type CannedReply = z.infer<typeof cannedReply>;
export const cannedReplyList = z.array(cannedReply);
export const CANNED_TITLE_MAX = 80;
export const cannedReplyRequest = z.object({
  title: z
    .string({ error: ticketsAdminMessages.cannedTitleRequired })
    .trim()
    .min(1, ticketsAdminMessages.cannedTitleRequired)
    .max(CANNED_TITLE_MAX, ticketsAdminMessages.cannedTitleTooLong),
  body: z
    .string({ error: ticketsAdminMessages.cannedBodyRequired })
    .trim()
    .min(1, ticketsAdminMessages.cannedBodyRequired)
    .max(TICKET_DESCRIPTION_MAX, ticketsAdminMessages.responseTooLong),
});
export type CannedReplyRequest = z.infer<typeof cannedReplyRequest>;
export const cannedReplyParams = companyIdParams.extend({
  replyId: z.coerce
    .number({ error: ticketsAdminMessages.cannedNotFound })
    .int(ticketsAdminMessages.cannedNotFound)
    .positive(ticketsAdminMessages.cannedNotFound)
    .max(2_147_483_647, ticketsAdminMessages.cannedNotFound),
});
