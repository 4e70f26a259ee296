import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTicketDetailByIdCall } from '@mawingu/contracts/tickets-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { TICKETS_KEY } from './get-all-user-ticket.ts';

export async function getTicketDetailByID(ticketID: number, signal?: AbortSignal): Promise<CallEnvelope<typeof getTicketDetailByIdCall>> {
  return requestCall(getTicketDetailByIdCall, { body: { ticketID } }, { signal });
}

export function ticketDetailQueryOptions(ticketID: number) {
  return queryOptions({
    queryKey: [...TICKETS_KEY, 'detail', ticketID] as const,
    queryFn: ({ signal }) => getTicketDetailByID(ticketID, signal),
  });
}

/** Only a ticket number (positive) is asked for; anything else is "not found" without a call. */
export function useTicketDetail(ticketID: number) {
  return useQuery({ ...ticketDetailQueryOptions(ticketID), enabled: ticketID > 0 });
}
