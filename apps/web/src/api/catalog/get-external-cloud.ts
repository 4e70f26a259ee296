import { queryOptions, useQuery } from '@tanstack/react-query';
import { getExternalCloudCall } from '@mawingu/contracts/catalog-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type ExternalCloudReply = CallEnvelope<typeof getExternalCloudCall>;

export async function getExternalCloud(signal?: AbortSignal): Promise<ExternalCloudReply> {
  return requestCall(getExternalCloudCall, { body: { websiteUrl: siteOrigin() } }, { signal });
}

export function externalCloudQueryOptions() {
  return queryOptions({
    queryKey: ['catalog', 'external-cloud'] as const,
    queryFn: ({ signal }) => getExternalCloud(signal),
    staleTime: 60_000,
  });
}

export function useExternalCloud() {
  return useQuery(externalCloudQueryOptions());
}
