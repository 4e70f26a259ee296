import { z } from 'zod';
import { envelope } from './envelope.ts';
import { fill, messages } from './messages.ts';

/**
 * Support tickets (portal spec sections 3, 5, 7 and 9). The ticket itself is sent as a multipart
 * form (fields `issueType`, `description`, files under `attachments`), checked with the same rules on
 * both sides: issue type and description required, at most 4 files, each at most 20 MB.
 */

export const TICKET_MAX_ATTACHMENTS = 4;
/** "Each under 20 MB": a file larger than 20 MiB is refused with "{file name} is more than 20 MB". */
export const TICKET_ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024;
export const TICKET_DESCRIPTION_MAX = 5000;
export const TICKET_ISSUE_TYPE_MAX = 100;
/** Multipart field name of the files (repeat it once per file). */
export const TICKET_ATTACHMENTS_FIELD = 'attachments';

/** Statuses an operator can set; the SPA shows "Resolved" green and every other status red. */
export const TICKET_STATUSES = ['Open', 'In Progress', 'Resolved', 'Closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const RESOLVED_STATUS: TicketStatus = 'Resolved';

export const fileTooLargeMessage = (fileName: string) => fill(messages.fileTooLarge, { fileName });
export const tooManyAttachmentsMessage = fill(messages.tooManyAttachments, { max: String(TICKET_MAX_ATTACHMENTS) });

/**
 * The first problem of a set of chosen files, or null: the count first, then each file's size.
 * The SPA checks before sending; the server applies the same limits to the bytes it receives.
 */
export function attachmentProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > TICKET_MAX_ATTACHMENTS) return tooManyAttachmentsMessage;
  const tooLarge = files.find((f) => f.size > TICKET_ATTACHMENT_MAX_BYTES);
  return tooLarge ? fileTooLargeMessage(tooLarge.name) : null;
}

/** GET /api/ticket/getTicketIssueType */
export const ticketIssueType = z.object({ issueName: z.string() });
export type TicketIssueType = z.infer<typeof ticketIssueType>;
export const getTicketIssueTypeResponse = envelope(z.array(ticketIssueType));

/** The text fields of POST /api/ticket/generateTicket (the files travel beside them). */
export const generateTicketFields = z.object({
  issueType: z
    .string({ error: messages.issueTypeRequired })
    .trim()
    .min(1, messages.issueTypeRequired)
    .max(TICKET_ISSUE_TYPE_MAX, messages.issueTypeRequired),
  description: z
    .string({ error: messages.ticketDescriptionRequired })
    .trim()
    .min(1, messages.ticketDescriptionRequired)
    .max(TICKET_DESCRIPTION_MAX, fill(messages.ticketDescriptionTooLong, { max: String(TICKET_DESCRIPTION_MAX) })),
});
export type GenerateTicketFields = z.infer<typeof generateTicketFields>;
export const generateTicketResponse = envelope(z.object({ ticketID: z.number().int() }));

/** A file of a ticket or of a response; `url` downloads it for its owner only. */
export const ticketAttachment = z.object({ name: z.string(), url: z.string() });
export type TicketAttachment = z.infer<typeof ticketAttachment>;

/** Dates are ISO 8601 instants; the SPA formats them in the visitor's language. */
export const ticketSummary = z.object({
  ticketID: z.number().int(),
  issueType: z.string(),
  ticketDate: z.string(),
  ticketStatus: z.string(),
  description: z.string(),
  attachment: z.array(ticketAttachment),
});
export type TicketSummary = z.infer<typeof ticketSummary>;
export const getAllUserTicketResponse = envelope(z.array(ticketSummary));

export const ticketResponse = z.object({
  responseDate: z.string(),
  ticketStatus: z.string(),
  response: z.string(),
  attachment: z.array(ticketAttachment),
});
export type TicketResponse = z.infer<typeof ticketResponse>;

/** A message of the conversation after the first response: an operator's answer or the customer's reply. */
export const ticketMessage = z.object({
  from: z.enum(['operator', 'customer']),
  date: z.string(),
  message: z.string(),
  /** The ticket's status this message left it in. */
  ticketStatus: z.string(),
  attachment: z.array(ticketAttachment),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

/**
 * Spec: only the first response is shown, so `ticketResponse` holds at most one. The conversation
 * (issue 17, point 4) is every other message, oldest first, shown below it.
 */
export const ticketDetail = ticketSummary.extend({ ticketResponse: z.array(ticketResponse).max(1), conversation: z.array(ticketMessage) });
export type TicketDetail = z.infer<typeof ticketDetail>;

const ticketId = z.coerce
  .number({ error: messages.ticketNotFound })
  .int(messages.ticketNotFound)
  .positive(messages.ticketNotFound)
  .max(2_147_483_647, messages.ticketNotFound);

export const getTicketDetailByIDRequest = z.object({ ticketID: ticketId });
export type GetTicketDetailByIDRequest = z.infer<typeof getTicketDetailByIDRequest>;
export const getTicketDetailByIDResponse = envelope(ticketDetail);

/** The customer's reply to a ticket (issue 17, point 4): a ticket no longer open opens again. */
export const replyToTicketRequest = z.object({
  ticketID: ticketId,
  message: z
    .string({ error: messages.ticketReplyRequired })
    .trim()
    .min(1, messages.ticketReplyRequired)
    .max(TICKET_DESCRIPTION_MAX, fill(messages.ticketReplyTooLong, { max: String(TICKET_DESCRIPTION_MAX) })),
});
export type ReplyToTicketRequest = z.infer<typeof replyToTicketRequest>;
export const replyToTicketResponse = envelope(z.object({ ticketID: z.number().int(), ticketStatus: z.string() }));

/** An operator's answer (CLI now, operator console later). */
export const answerTicketInput = z.object({
  ticketID: ticketId,
  status: z.enum(TICKET_STATUSES, { error: `Status must be one of: ${TICKET_STATUSES.join(', ')}` }),
  response: z.string({ error: 'Message required' }).trim().min(1, 'Message required').max(TICKET_DESCRIPTION_MAX),
  answeredBy: z.string().trim().min(1).max(100).default('operator'),
});
export type AnswerTicketInput = z.input<typeof answerTicketInput>;
