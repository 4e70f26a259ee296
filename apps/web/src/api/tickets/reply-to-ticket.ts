import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { ReplyToTicketRequest } from '@mawingu/contracts/tickets';
import { replyToTicketCall } from '@mawingu/contracts/tickets-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { TICKETS_KEY } from './get-all-user-ticket.ts';

/** POST /api/ticket/replyToTicket: the customer's reply below the ticket's response ("Reply sent"). */
export async function replyToTicket(body: ReplyToTicketRequest): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(replyToTicketCall, { body }));
}

/** After a reply the ticket (its conversation and status) and the list refresh. */
export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tickets', 'reply'],
    mutationFn: replyToTicket,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: TICKETS_KEY }) : undefined),
  });
}
