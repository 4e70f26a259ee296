import { queryOptions, useQuery } from '@tanstack/react-query';
import { showSavedVmCall } from '@mawingu/contracts/saved-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export async function showSavedVM(signal?: AbortSignal): Promise<CallEnvelope<typeof showSavedVmCall>> {
  return requestCall(showSavedVmCall, {}, { signal });
}

export const SAVED_KEY = ['saved'] as const;

export function savedVmsQueryOptions() {
  return queryOptions({
    queryKey: [...SAVED_KEY, 'list'] as const,
    queryFn: ({ signal }) => showSavedVM(signal),
  });
}

export function useSavedVms() {
  return useQuery(savedVmsQueryOptions());
}
