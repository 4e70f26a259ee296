import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import {
  generateTicketResponse,
  getAllUserTicketResponse,
  getTicketDetailByIDRequest,
  getTicketDetailByIDResponse,
  getTicketIssueTypeResponse,
} from '@mawingu/contracts/tickets';
import { AppError } from '../../../http/app-error.ts';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import { readTicketForm } from './read-ticket-form.ts';
import type { TicketService } from './service.ts';

const refused = { 401: errorEnvelope, 404: errorEnvelope };

/** `filename` for plain ASCII clients, `filename*` with the real (UTF-8) name for the others. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function ticketRoutes(tickets: TicketService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/ticket/getTicketIssueType',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['tickets'],
          summary: 'Issue types of the company a ticket can be raised about',
          response: { 200: getTicketIssueTypeResponse, ...refused },
        },
      },
      async (req, res) => reply(res, await tickets.issueTypes(customerOf(req).companyId)),
    );

    app.post(
      '/ticket/generateTicket',
      {
        onRequest: requireCustomer,
        // Per customer (the guard has identified them by then): ten tickets a minute is plenty for a
        // person and bounds what one account can make the server store.
        config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `ticket:${req.customer?.customerId ?? req.ip}` } },
        schema: {
          tags: ['tickets'],
          summary:
            'Raises a ticket (multipart/form-data: issueType, description, and up to 4 files under `attachments`, each at most 20 MB)',
          consumes: ['multipart/form-data'],
          response: { 200: generateTicketResponse, 400: errorEnvelope, 413: errorEnvelope, 429: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const { fields, uploads } = await readTicketForm(req);
        const ticketID = await tickets.raise(companyId, customerId, fields, uploads);
        return reply(res, { ticketID }, messages.ticketSubmitted);
      },
    );

    app.get(
      '/ticket/getallUserTicket',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['tickets'],
          summary: "The customer's tickets, newest first",
          response: { 200: getAllUserTicketResponse, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await tickets.listOf(companyId, customerId));
      },
    );

    app.post(
      '/ticket/getTicketDetailByID',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['tickets'],
          summary: 'One ticket of the customer with its first response (404 for anyone else’s)',
          body: getTicketDetailByIDRequest,
          response: { 200: getTicketDetailByIDResponse, 400: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await tickets.detailOf(companyId, customerId, req.body.ticketID));
      },
    );

    app.get(
      '/ticket/attachment/:fileId',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['tickets'],
          summary: "Downloads a file of one of the customer's tickets (404 for anyone else’s)",
          params: z.object({ fileId: z.uuid({ error: messages.attachmentNotFound }) }),
          // 200 is the file itself (sent as a stream, never serialised).
          response: { 200: z.unknown().describe('The file, as an attachment'), 400: errorEnvelope, ...refused },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const file = await tickets.openAttachment(companyId, customerId, req.params.fileId);
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
  };
}
