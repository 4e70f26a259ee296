import { queryOptions, useQuery } from '@tanstack/react-query';
import { getTicketIssueTypeCall } from '@mawingu/contracts/tickets-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export async function getTicketIssueType(signal?: AbortSignal): Promise<CallEnvelope<typeof getTicketIssueTypeCall>> {
  return requestCall(getTicketIssueTypeCall, {}, { signal });
}

export function ticketIssueTypesQueryOptions() {
  return queryOptions({
    queryKey: ['tickets', 'issue-types'] as const,
    queryFn: ({ signal }) => getTicketIssueType(signal),
    // A company's list changes rarely; the raise-ticket modal opens with it at once.
    staleTime: 5 * 60_000,
  });
}

export function useTicketIssueTypes(enabled = true) {
  return useQuery({ ...ticketIssueTypesQueryOptions(), enabled });
}
