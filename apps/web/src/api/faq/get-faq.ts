import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { faqEntry, type FaqEntry, type GetFaqRequest } from '@mawingu/contracts/faq';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type FaqReply = Envelope<FaqEntry[] | null>;

export async function getFaq(signal?: AbortSignal): Promise<FaqReply> {
  const body: GetFaqRequest = { websiteUrl: siteOrigin() };
  return parseReply(await callApi('faq/getFaq', body, { signal }), import.meta.env.DEV && z.array(faqEntry));
}

export function useFaq() {
  return useQuery(queryOptions({ queryKey: ['faq'] as const, queryFn: ({ signal }) => getFaq(signal), staleTime: 5 * 60_000 }));
}
