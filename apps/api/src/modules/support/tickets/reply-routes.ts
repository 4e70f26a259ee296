import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { replyToTicketRequest, replyToTicketResponse } from '@mawingu/contracts/tickets';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { createCustomerReply } from './customer-reply.ts';

/** POST /api/ticket/replyToTicket: the customer's reply in a ticket's conversation (issue 17, point 4). */
export function ticketReplyRoutes(replyToTicket: ReturnType<typeof createCustomerReply>): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/ticket/replyToTicket',
      {
        onRequest: requireCustomer,
        // Per customer, as raising a ticket: bounds the alerts one account can make operators receive.
        config: {
          rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `ticket-reply:${req.customer?.customerId ?? req.ip}` },
        },
        schema: {
          tags: ['tickets'],
          summary: "The customer's reply to one of their tickets; a resolved or closed ticket opens again (404 for anyone else's)",
          body: replyToTicketRequest,
          response: { 200: replyToTicketResponse, 400: errorEnvelope, 401: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await replyToTicket(companyId, customerId, req.body), messages.ticketReplySent);
      },
    );
  };
}
