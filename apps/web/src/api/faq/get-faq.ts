import { queryOptions, useQuery } from '@tanstack/react-query';
import { getFaqCall } from '@mawingu/contracts/faq-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type FaqReply = CallEnvelope<typeof getFaqCall>;

export async function getFaq(signal?: AbortSignal): Promise<FaqReply> {
  return requestCall(getFaqCall, { body: { websiteUrl: siteOrigin() } }, { signal });
}

export function useFaq() {
  return useQuery(queryOptions({ queryKey: ['faq'] as const, queryFn: ({ signal }) => getFaq(signal), staleTime: 5 * 60_000 }));
}
