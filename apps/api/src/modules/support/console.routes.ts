import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope, envelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  ANSWER_FIELDS,
  adminTicketDetail,
  adminTicketList,
  adminTicketsQuery,
  answeredTicket,
  addTicketNoteRequest,
  updateTicketRequest,
  updatedTicket,
  ticketNote,
  ticketFileParams,
  ticketIdParams,
  ticketsAdminMessages as texts,
  awaitingTickets,
} from '@mawingu/contracts/admin/tickets';
import { AppError } from '../../http/app-error.ts';
import { reply } from '../../http/envelope.ts';
import { readUploadForm } from './tickets/read-ticket-form.ts';
import { attachmentDisposition } from './tickets/routes.ts';
import type { TicketService } from './tickets/service.ts';
import type { AdminDeps } from '../../console/admin-deps.ts';
import { ANY_OPERATOR, companyInScope, operatorOf, requireOperator } from '../../console/operator-guard.ts';
import { CONSOLE_REFUSALS as refused } from '../../console/refusals.ts';
import { createTicketAdminService } from './console/service.ts';
import { cannedReplyRoutes } from './console/canned-reply-routes.ts';
import { companyIdParams } from '@mawingu/contracts/admin/companies';
import type { FileService } from '../tenant/index.ts';

const tags = ['admin: tickets'];

/**
 * Console: tickets (issue 7, point 7), under /api/admin/companies/:companyId/tickets. Every
 * operator of the company may read and answer (support answers tickets: DOMAIN.md).
 */
export function ticketAdminRoutes(
  deps: Pick<AdminDeps, 'database'> & { files: FileService; tickets: TicketService },
): FastifyPluginAsyncZod {
  const db = deps.database.db;
  // The customer's ticket service (one instance): an answer mails and notifies as the customer side does.
  const { files, tickets } = deps;
  const service = createTicketAdminService({ db, files, tickets });

  return async (app) => {
    await app.register(cannedReplyRoutes(db));

    app.get(
      '/companies/:companyId/tickets/awaiting',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'How many tickets await an operator (unresolved, last word the customer’s): the sidebar’s badge',
          params: companyIdParams,
          response: { 200: envelope(awaitingTickets), ...refused },
        },
      },
      async (req, res) => reply(res, { count: await service.awaiting(await companyInScope(db, req)) }),
    );

    app.get(
      '/companies/:companyId/tickets',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            "The company's tickets: filters status, issue type, text (ticket number, description, customer) and raised-on days; Open and In Progress first, then newest first; paged",
          params: companyIdParams,
          querystring: adminTicketsQuery,
          response: { 200: envelope(adminTicketList), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await service.list(companyId, req.query, operatorOf(req).operatorId));
      },
    );

    app.get(
      '/companies/:companyId/tickets/:ticketId',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'One ticket: customer, description, their files and every response with its files (another company’s ticket is a 404)',
          params: ticketIdParams,
          response: { 200: envelope(adminTicketDetail), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await service.detail(companyId, req.params.ticketId));
      },
    );

    app.patch(
      '/companies/:companyId/tickets/:ticketId',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: "Sets the ticket's priority and/or assigns it to an operator of the same company (null unassigns); audited",
          params: ticketIdParams,
          body: updateTicketRequest,
          response: { 200: envelope(updatedTicket), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await service.update(operatorOf(req), companyId, req.params.ticketId, req.body), texts.updated);
      },
    );

    app.post(
      '/companies/:companyId/tickets/:ticketId/notes',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'Adds an internal note, seen by operators only (never by the customer); audited',
          params: ticketIdParams,
          body: addTicketNoteRequest,
          response: { 200: envelope(ticketNote), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        return reply(res, await service.addNote(operatorOf(req), companyId, req.params.ticketId, req.body), texts.noteAdded);
      },
    );

    app.get(
      '/companies/:companyId/tickets/:ticketId/attachments/:fileId',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary: 'Downloads a file of the ticket (the customer’s or a response’s); 404 for any other file',
          params: ticketFileParams,
          response: { 200: z.unknown().describe('The file, as an attachment'), ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const file = await service.openAttachment(companyId, req.params.ticketId, req.params.fileId);
        if (!file) throw AppError.notFound(messages.attachmentNotFound);
        return res
          .header('content-type', file.row.contentType)
          .header('content-length', file.row.sizeBytes)
          .header('content-disposition', attachmentDisposition(file.row.originalName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );

    app.post(
      '/companies/:companyId/tickets/:ticketId/responses',
      {
        onRequest: requireOperator(...ANY_OPERATOR),
        schema: {
          tags,
          summary:
            'Answers the ticket (multipart/form-data: response, status, and up to 4 files under `attachments`, each at most 20 MB, images, PDF or plain text by their bytes): sets the status, notifies and e-mails the customer; audited',
          consumes: ['multipart/form-data'],
          params: ticketIdParams,
          response: { 200: envelope(answeredTicket), 413: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const companyId = await companyInScope(db, req);
        const { values, uploads } = await readUploadForm(req, ANSWER_FIELDS, texts.notMultipart);
        const answered = await service.answer(operatorOf(req), companyId, req.params.ticketId, values, uploads);
        return reply(res, answered, texts.answered);
      },
    );
  };
}
