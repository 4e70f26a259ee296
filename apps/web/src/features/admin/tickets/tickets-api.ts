import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  addCannedReplyCall,
  addTicketNoteCall,
  answerTicketCall,
  cannedRepliesCall,
  changeCannedReplyCall,
  deleteCannedReplyCall,
  ticketDetailCall,
  ticketQueueCall,
  updateTicketCall,
} from '@mawingu/contracts/admin/tickets-calls';
import type { CannedReplyRequest, UpdateTicketRequest } from '@mawingu/contracts/admin/tickets';
import { downloadFile, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';
import { saveFile } from '../../../lib/save-file.ts';

/** Every query of this area starts with this key, so an answer refreshes the queue and the ticket at once. */
export const ticketsKey = (companyId: number) => ['admin', companyId, 'tickets'] as const;

export type TicketFilters = {
  status: string;
  issueType: string;
  q: string;
  from: string;
  to: string;
  awaiting: string;
  assigned: string;
  priority: string;
  sort: string;
  page: number;
};

export function useTicketQueue(companyId: number, filters: TicketFilters) {
  return useQuery({
    queryKey: [...ticketsKey(companyId), 'queue', filters],
    queryFn: () =>
      fetchCall(
        ticketQueueCall,
        // Empty filters are left out: the API takes only the values it knows.
        { params: { companyId }, query: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')) },
        inConsole,
      ),
    placeholderData: keepPreviousData,
  });
}

export function useTicketDetail(companyId: number, ticketId: number) {
  return useQuery({
    queryKey: [...ticketsKey(companyId), 'ticket', ticketId],
    queryFn: () => fetchCall(ticketDetailCall, { params: { companyId, ticketId } }, inConsole),
    enabled: ticketId > 0,
    retry: (count, error) => (error as { status?: number }).status !== 404 && count < 2,
  });
}

export type AnswerInput = { response: string; status: string; files: File[] };

/** Sends the answer as the API takes it (multipart: response, status, files under `attachments`). */
export function useAnswerTicket(companyId: number, ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ response, status, files }: AnswerInput) => {
      const form = new FormData();
      form.append('response', response);
      form.append('status', status);
      for (const file of files) form.append('attachments', file, file.name);
      return fetchCall(answerTicketCall, { params: { companyId, ticketId }, body: form }, inConsole);
    },
    onSuccess: async () => {
      // The queue's order and counts and the dashboard's open tickets change with the status.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketsKey(companyId) }),
        queryClient.invalidateQueries({ queryKey: ['admin', companyId, 'dashboard'] }),
      ]);
    },
  });
}

/** Priority and/or assignee; refreshes the queue and the ticket. */
export function useUpdateTicket(companyId: number, ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => fetchCall(updateTicketCall, { params: { companyId, ticketId }, body }, inConsole),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsKey(companyId) }),
  });
}

/** An internal note (operators only). */
export function useAddTicketNote(companyId: number, ticketId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => fetchCall(addTicketNoteCall, { params: { companyId, ticketId }, body: { note } }, inConsole),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ticketsKey(companyId), 'ticket', ticketId] }),
  });
}

/** Downloads a ticket's file with the console session and hands it to the browser under its name. */
export async function downloadAttachment(url: string, name: string): Promise<void> {
  saveFile(await downloadFile(url, inConsole), name);
}

const cannedKey = (companyId: number) => [...ticketsKey(companyId), 'saved-replies'] as const;

/** The company's saved replies, by name. */
export function useCannedReplies(companyId: number) {
  return useQuery({
    queryKey: cannedKey(companyId),
    queryFn: () => fetchCall(cannedRepliesCall, { params: { companyId } }, inConsole),
  });
}

/** Saves a new reply (no id) or changes one; deletes one. Managers only (the API refuses support). */
export function useCannedReplyChanges(companyId: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: cannedKey(companyId) });
  const save = useMutation({
    mutationFn: ({ id, ...body }: CannedReplyRequest & { id?: number }) =>
      id === undefined
        ? fetchCall(addCannedReplyCall, { params: { companyId }, body }, inConsole)
        : fetchCall(changeCannedReplyCall, { params: { companyId, replyId: id }, body }, inConsole),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => fetchCall(deleteCannedReplyCall, { params: { companyId, replyId: id } }, inConsole),
    onSuccess: refresh,
  });
  return { save, remove };
}
