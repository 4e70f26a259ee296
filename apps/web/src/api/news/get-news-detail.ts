import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { newsItem, type GetNewsDetailRequest, type NewsItem } from '@mawingu/contracts/news';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type NewsDetailReply = Envelope<NewsItem | null>;

export async function getNewsDetail(id: number, signal?: AbortSignal): Promise<NewsDetailReply> {
  const body: GetNewsDetailRequest = { ID: id, websiteUrl: siteOrigin() };
  return parseReply(await callApi('news/getNewsDetail', body, { signal }), import.meta.env.DEV && newsItem);
}

export function newsDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['news', 'detail', id] as const,
    queryFn: ({ signal }) => getNewsDetail(id, signal),
    staleTime: 60_000,
  });
}

/** The item in full for the read-news dialog; the card's copy shows until it arrives. */
export function useNewsDetail(item: NewsItem) {
  return useQuery({ ...newsDetailQueryOptions(item.ID), placeholderData: { status: 200, message: '', data: item } });
}
