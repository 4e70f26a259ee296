import type { FastifyPluginAsync } from 'fastify';
import type { TicketService } from './tickets/service.ts';
import { ticketRoutes } from './tickets/routes.ts';

export function supportCustomerRoutes(tickets: TicketService): FastifyPluginAsync {
  return async (api) => {
    await api.register(ticketRoutes(tickets));
  };
}
