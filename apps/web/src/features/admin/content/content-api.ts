import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaqInput, FaqOrderInput, NewsInput, NewsletterSendInput, NotificationInput } from '@mawingu/contracts/admin/content';
import { NEWS_IMAGE_FIELD } from '@mawingu/contracts/admin/content';
import {
  createFaqCall,
  createNewsCall,
  deleteFaqCall,
  deleteNewsCall,
  faqListCall,
  newsListCall,
  recipientsCall,
  reorderFaqCall,
  sendNewsletterCall,
  sendNotificationCall,
  subscribersCall,
  subscribersCsvCall,
  updateFaqCall,
  updateNewsCall,
  uploadNewsImageCall,
} from '@mawingu/contracts/admin/content-calls';
import { callUrl, fetchCall } from '../../../api/contract-call.ts';
import { inConsole } from '../shell/console-door.ts';

const keys = {
  news: (companyId: number) => ['admin', 'content', companyId, 'news'] as const,
  faq: (companyId: number) => ['admin', 'content', companyId, 'faq'] as const,
  recipients: (companyId: number, q: string) => ['admin', 'content', companyId, 'recipients', q] as const,
  subscribers: (companyId: number) => ['admin', 'content', companyId, 'subscribers'] as const,
};

// ---- news ----

export function useNewsList(companyId: number) {
  return useQuery({ queryKey: keys.news(companyId), queryFn: () => fetchCall(newsListCall, { params: { companyId } }, inConsole) });
}

/** Create (no id) or save (id) a news item. */
export function useSaveNews(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: NewsInput }) =>
      id === null
        ? fetchCall(createNewsCall, { params: { companyId }, body: input }, inConsole)
        : fetchCall(updateNewsCall, { params: { companyId, newsId: id }, body: input }, inConsole),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.news(companyId) }),
  });
}

export function useDeleteNews(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchCall(deleteNewsCall, { params: { companyId, newsId: id } }, inConsole),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.news(companyId) }),
  });
}

export function useUploadNewsImage(companyId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(NEWS_IMAGE_FIELD, file);
      return fetchCall(uploadNewsImageCall, { params: { companyId }, body: form }, inConsole);
    },
  });
}

// ---- FAQ ----

export function useFaqList(companyId: number) {
  return useQuery({ queryKey: keys.faq(companyId), queryFn: () => fetchCall(faqListCall, { params: { companyId } }, inConsole) });
}

export function useSaveFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: FaqInput }) =>
      id === null
        ? fetchCall(createFaqCall, { params: { companyId }, body: input }, inConsole)
        : fetchCall(updateFaqCall, { params: { companyId, faqId: id }, body: input }, inConsole),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

export function useDeleteFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => fetchCall(deleteFaqCall, { params: { companyId, faqId: id } }, inConsole),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

export function useReorderFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FaqOrderInput) => fetchCall(reorderFaqCall, { params: { companyId }, body: input }, inConsole),
    onSuccess: (entries) => client.setQueryData(keys.faq(companyId), entries),
    onError: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

// ---- notifications ----

export function useRecipients(companyId: number, q: string) {
  return useQuery({
    queryKey: keys.recipients(companyId, q),
    queryFn: () => fetchCall(recipientsCall, { params: { companyId }, query: { q } }, inConsole),
    placeholderData: keepPreviousData,
  });
}

export function useSendNotification(companyId: number) {
  return useMutation({
    mutationFn: (input: NotificationInput) => fetchCall(sendNotificationCall, { params: { companyId }, body: input }, inConsole),
  });
}

// ---- newsletter ----

export type SubscriberFilter = { q: string; status: 'all' | 'active' | 'unsubscribed'; page: number };

/** The query the list and the export share: no status for all, no page for the first. */
const filterQuery = (filter: Partial<SubscriberFilter>) => ({
  q: filter.q,
  status: filter.status === 'all' ? undefined : filter.status,
  page: filter.page && filter.page > 1 ? filter.page : undefined,
});

export function useSubscribers(companyId: number, filter: SubscriberFilter) {
  return useQuery({
    queryKey: [...keys.subscribers(companyId), filter],
    queryFn: () => fetchCall(subscribersCall, { params: { companyId }, query: filterQuery(filter) }, inConsole),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the subscriber CSV (the list's search and status) and saves it under the given name. */
/** The CSV export of the subscribers the filter selects. */
export function subscribersCsvUrl(companyId: number, filter: Pick<SubscriberFilter, 'q' | 'status'>): string {
  return callUrl(subscribersCsvCall, { params: { companyId }, query: filterQuery(filter) });
}

export function useSendNewsletter(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewsletterSendInput) => fetchCall(sendNewsletterCall, { params: { companyId }, body: input }, inConsole),
    onSettled: () => client.invalidateQueries({ queryKey: keys.subscribers(companyId) }),
  });
}
