import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { ticketIssueType, type TicketIssueType } from '@mawingu/contracts/tickets';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export async function getTicketIssueType(signal?: AbortSignal): Promise<Envelope<TicketIssueType[] | null>> {
  return parseReply(await callApi('ticket/getTicketIssueType', undefined, { signal }), z.array(ticketIssueType));
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
