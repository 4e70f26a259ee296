import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { TICKET_ATTACHMENTS_FIELD, type GenerateTicketFields } from '@mawingu/contracts/tickets';
import { generateTicketCall } from '@mawingu/contracts/tickets-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { TICKETS_KEY } from './get-all-user-ticket.ts';

export type NewTicket = GenerateTicketFields & { files: readonly File[] };

/** Success carries the new ticket's id; failures their message and field errors. */
export type GenerateTicketReply = { ok: true; reply: Envelope<{ ticketID: number } | null> } | { ok: false; reply: ErrorEnvelope };

/** POST ticket/generateTicket as the multipart form the spec names (files under `attachments`). */
export async function generateTicket({ issueType, description, files }: NewTicket): Promise<GenerateTicketReply> {
  const form = new FormData();
  form.append('issueType', issueType);
  form.append('description', description);
  for (const file of files) form.append(TICKET_ATTACHMENTS_FIELD, file, file.name);
  const reply = await requestCall(generateTicketCall, { body: form });
  if (reply.status === 200) return { ok: true, reply };
  return { ok: false, reply: outcomeOf(reply) };
}

/** Spec section 4: after a submission the ticket list refreshes. */
export function useGenerateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tickets', 'generate'],
    mutationFn: generateTicket,
    onSuccess: (result) => {
      if (result.ok) void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    },
  });
}
