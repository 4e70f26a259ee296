import type { FastifyPluginAsync } from 'fastify';
import type { TicketService } from './tickets/service.ts';
import type { createCustomerReply } from './tickets/customer-reply.ts';
import { ticketReplyRoutes } from './tickets/reply-routes.ts';
import { ticketRoutes } from './tickets/routes.ts';

export function supportCustomerRoutes(tickets: TicketService, reply: ReturnType<typeof createCustomerReply>): FastifyPluginAsync {
  return async (api) => {
    await api.register(ticketRoutes(tickets));
    await api.register(ticketReplyRoutes(reply));
  };
}
