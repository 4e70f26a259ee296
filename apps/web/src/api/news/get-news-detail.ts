import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsItem } from '@mawingu/contracts/news';
import { getNewsDetailCall } from '@mawingu/contracts/news-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type NewsDetailReply = CallEnvelope<typeof getNewsDetailCall>;

export async function getNewsDetail(id: number, signal?: AbortSignal): Promise<NewsDetailReply> {
  return requestCall(getNewsDetailCall, { body: { ID: id, websiteUrl: siteOrigin() } }, { signal });
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
  return useQuery({ ...newsDetailQueryOptions(item.ID), placeholderData: { status: 200, message: '', data: item, failure: null } });
}
