import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminFaqEntry,
  AdminNewsItem,
  FaqInput,
  FaqOrderInput,
  NewsImageReply,
  NewsInput,
  NewsletterSendInput,
  NewsletterSendReply,
  NotificationInput,
  NotificationReply,
  RecipientsReply,
  SubscribersPage,
} from '@mawingu/contracts/admin/content';
import { NEWS_IMAGE_FIELD } from '@mawingu/contracts/admin/content';
import { adminApi, adminDownload, adminUpload } from '../shell/admin-api.ts';

const base = (companyId: number) => `/companies/${companyId}/content`;
const keys = {
  news: (companyId: number) => ['admin', 'content', companyId, 'news'] as const,
  faq: (companyId: number) => ['admin', 'content', companyId, 'faq'] as const,
  recipients: (companyId: number, q: string) => ['admin', 'content', companyId, 'recipients', q] as const,
  subscribers: (companyId: number) => ['admin', 'content', companyId, 'subscribers'] as const,
};

// ---- news ----

export function useNewsList(companyId: number) {
  return useQuery({ queryKey: keys.news(companyId), queryFn: () => adminApi<AdminNewsItem[]>('GET', `${base(companyId)}/news`) });
}

/** Create (no id) or save (id) a news item. */
export function useSaveNews(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: NewsInput }) =>
      id === null
        ? adminApi<AdminNewsItem>('POST', `${base(companyId)}/news`, input)
        : adminApi<AdminNewsItem>('PUT', `${base(companyId)}/news/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.news(companyId) }),
  });
}

export function useDeleteNews(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<null>('DELETE', `${base(companyId)}/news/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.news(companyId) }),
  });
}

export function useUploadNewsImage(companyId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(NEWS_IMAGE_FIELD, file);
      return adminUpload<NewsImageReply>('POST', `${base(companyId)}/news/image`, form);
    },
  });
}

// ---- FAQ ----

export function useFaqList(companyId: number) {
  return useQuery({ queryKey: keys.faq(companyId), queryFn: () => adminApi<AdminFaqEntry[]>('GET', `${base(companyId)}/faq`) });
}

export function useSaveFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: FaqInput }) =>
      id === null
        ? adminApi<AdminFaqEntry>('POST', `${base(companyId)}/faq`, input)
        : adminApi<AdminFaqEntry>('PUT', `${base(companyId)}/faq/${id}`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

export function useDeleteFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminApi<null>('DELETE', `${base(companyId)}/faq/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

export function useReorderFaq(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: FaqOrderInput) => adminApi<AdminFaqEntry[]>('PUT', `${base(companyId)}/faq/order`, input),
    onSuccess: (entries) => client.setQueryData(keys.faq(companyId), entries),
    onError: () => client.invalidateQueries({ queryKey: keys.faq(companyId) }),
  });
}

// ---- notifications ----

export function useRecipients(companyId: number, q: string) {
  return useQuery({
    queryKey: keys.recipients(companyId, q),
    queryFn: () => adminApi<RecipientsReply>('GET', `${base(companyId)}/recipients?q=${encodeURIComponent(q)}`),
    placeholderData: keepPreviousData,
  });
}

export function useSendNotification(companyId: number) {
  return useMutation({
    mutationFn: (input: NotificationInput) => adminApi<NotificationReply>('POST', `${base(companyId)}/notifications`, input),
  });
}

// ---- newsletter ----

export type SubscriberFilter = { q: string; status: 'all' | 'active' | 'unsubscribed'; page: number };

const filterQuery = (filter: Partial<SubscriberFilter>) => {
  const params = new URLSearchParams();
  if (filter.q) params.set('q', filter.q);
  if (filter.status && filter.status !== 'all') params.set('status', filter.status);
  if (filter.page && filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useSubscribers(companyId: number, filter: SubscriberFilter) {
  return useQuery({
    queryKey: [...keys.subscribers(companyId), filter],
    queryFn: () => adminApi<SubscribersPage>('GET', `${base(companyId)}/newsletter/subscribers${filterQuery(filter)}`),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the subscriber CSV (the list's search and status) and saves it under the given name. */
export async function downloadSubscribersCsv(
  companyId: number,
  filter: Pick<SubscriberFilter, 'q' | 'status'>,
  filename: string,
): Promise<void> {
  const blob = await adminDownload(`${base(companyId)}/newsletter/subscribers.csv${filterQuery(filter)}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useSendNewsletter(companyId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewsletterSendInput) => adminApi<NewsletterSendReply>('POST', `${base(companyId)}/newsletter/send`, input),
    onSettled: () => client.invalidateQueries({ queryKey: keys.subscribers(companyId) }),
  });
}
