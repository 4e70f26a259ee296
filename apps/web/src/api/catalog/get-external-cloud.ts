import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { cloudEntry, type CloudEntry } from '@mawingu/contracts/catalog';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type ExternalCloudReply = Envelope<CloudEntry[] | null>;

export async function getExternalCloud(signal?: AbortSignal): Promise<ExternalCloudReply> {
  return parseReply(
    await callApi('marketplace/getExternalCloud', { websiteUrl: siteOrigin() }, { signal }),
    import.meta.env.DEV && z.array(cloudEntry),
  );
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
