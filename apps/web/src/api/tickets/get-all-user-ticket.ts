import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { ticketSummary, type TicketSummary } from '@mawingu/contracts/tickets';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export async function getAllUserTicket(signal?: AbortSignal): Promise<Envelope<TicketSummary[] | null>> {
  return parseReply(await callApi('ticket/getallUserTicket', undefined, { signal }), z.array(ticketSummary));
}

/** Every ticket query starts with this key: raising or answering a ticket refreshes them all. */
export const TICKETS_KEY = ['tickets'] as const;

export function allUserTicketsQueryOptions() {
  return queryOptions({
    queryKey: [...TICKETS_KEY, 'list'] as const,
    queryFn: ({ signal }) => getAllUserTicket(signal),
  });
}

export function useAllUserTickets() {
  return useQuery(allUserTicketsQueryOptions());
}
