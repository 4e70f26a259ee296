import { useQuery } from '@tanstack/react-query';
import { awaitingTicketsCall } from '@mawingu/contracts/admin/tickets-calls';
import { fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from './console-door.ts';

/**
 * How many of the company's tickets await an operator (the sidebar's badge, issue 17). Under the
 * tickets area's key, so an answer refreshes it at once; asked again every minute for new tickets.
 */
export function useAwaitingTickets(companyId: number | null) {
  return useQuery({
    queryKey: ['admin', companyId, 'tickets', 'awaiting'],
    queryFn: () => fetchCall(awaitingTicketsCall, { params: { companyId: companyId! } }, inConsole),
    enabled: companyId !== null,
    refetchInterval: 60_000,
  });
}
