import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAllNewsCall } from '@mawingu/contracts/news-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type AllNewsReply = CallEnvelope<typeof getAllNewsCall>;

export async function getAllNews(signal?: AbortSignal): Promise<AllNewsReply> {
  return requestCall(getAllNewsCall, { body: { websiteUrl: siteOrigin() } }, { signal });
}

export function allNewsQueryOptions() {
  return queryOptions({
    queryKey: ['news', 'all'] as const,
    queryFn: ({ signal }) => getAllNews(signal),
    staleTime: 60_000,
  });
}

/** Home and the news page share one copy: opening /news from home shows the list at once. */
export function useAllNews() {
  return useQuery(allNewsQueryOptions());
}
