import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { activeVm, type ActiveVm } from '@mawingu/contracts/vms';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export async function getUserVMs(options: { signal?: AbortSignal; background?: boolean } = {}): Promise<Envelope<ActiveVm[] | null>> {
  return parseReply(await callApi('virtualMachine/getUserVMs', undefined, options), import.meta.env.DEV && z.array(activeVm));
}

/** Every VM query starts with this key: a paid order or a VM action refreshes them all. */
export const VMS_KEY = ['vms'] as const;

/** While a VM is being made the list asks again this often, so a just-paid VM shows as running within seconds. */
export const PROVISIONING_POLL_MS = 3000;

export const isProvisioning = (vms: readonly ActiveVm[] | null | undefined) => vms?.some((vm) => vm.vmStatus === 'provisioning') ?? false;

export function userVmsQueryOptions() {
  return queryOptions({
    queryKey: [...VMS_KEY, 'list'] as const,
    // The first load shows the page's own skeleton; the polls after it run in the background.
    queryFn: ({ signal, client, queryKey }) => getUserVMs({ signal, background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: (query) => (isProvisioning(query.state.data?.data) ? PROVISIONING_POLL_MS : false),
  });
}

export function useUserVms() {
  return useQuery(userVmsQueryOptions());
}
