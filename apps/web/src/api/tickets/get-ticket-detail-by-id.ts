import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { ticketDetail, type GetTicketDetailByIDRequest, type TicketDetail } from '@mawingu/contracts/tickets';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { TICKETS_KEY } from './get-all-user-ticket.ts';

export async function getTicketDetailByID(ticketID: number, signal?: AbortSignal): Promise<Envelope<TicketDetail | null>> {
  const body: GetTicketDetailByIDRequest = { ticketID };
  return parseReply(await callApi('ticket/getTicketDetailByID', body, { signal }), ticketDetail);
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
