import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTicketDetail, AdminTicketList, AnsweredTicket } from '@mawingu/contracts/admin/tickets';
import { adminApi, adminDownload, adminUpload } from '../shell/admin-api.ts';

/** Every query of this area starts with this key, so an answer refreshes the queue and the ticket at once. */
export const ticketsKey = (companyId: number) => ['admin', companyId, 'tickets'] as const;

export type TicketFilters = { status: string; issueType: string; q: string; from: string; to: string; page: number };

const queryString = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function useTicketQueue(companyId: number, filters: TicketFilters) {
  return useQuery({
    queryKey: [...ticketsKey(companyId), 'queue', filters],
    queryFn: () => adminApi<AdminTicketList>('GET', `/companies/${companyId}/tickets${queryString(filters)}`),
    placeholderData: keepPreviousData,
  });
}

export function useTicketDetail(companyId: number, ticketId: number) {
  return useQuery({
    queryKey: [...ticketsKey(companyId), 'ticket', ticketId],
    queryFn: () => adminApi<AdminTicketDetail>('GET', `/companies/${companyId}/tickets/${ticketId}`),
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
      return adminUpload<AnsweredTicket>('POST', `/companies/${companyId}/tickets/${ticketId}/responses`, form);
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

/** Downloads a ticket's file with the console session and hands it to the browser under its name. */
export async function downloadAttachment(url: string, name: string): Promise<void> {
  const blob = await adminDownload(url);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
