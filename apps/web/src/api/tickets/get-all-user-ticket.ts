import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllUserTicketCall } from '@mawingu/contracts/tickets-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export async function getAllUserTicket(signal?: AbortSignal): Promise<CallEnvelope<typeof getAllUserTicketCall>> {
  return requestCall(getAllUserTicketCall, {}, { signal });
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
