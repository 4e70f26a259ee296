import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { newsItem, type GetAllNewsRequest, type NewsItem } from '@mawingu/contracts/news';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type AllNewsReply = Envelope<NewsItem[] | null>;

export async function getAllNews(signal?: AbortSignal): Promise<AllNewsReply> {
  const body: GetAllNewsRequest = { websiteUrl: siteOrigin() };
  return parseReply(await callApi('news/getAllNews', body, { signal }), import.meta.env.DEV && z.array(newsItem));
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
