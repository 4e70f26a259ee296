import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { savedVm, type SavedVm } from '@mawingu/contracts/saved';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export async function showSavedVM(signal?: AbortSignal): Promise<Envelope<SavedVm[] | null>> {
  return parseReply(await callApi('virtualMachine/showSavedVM', undefined, { signal }), z.array(savedVm));
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
