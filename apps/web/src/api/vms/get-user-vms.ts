import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ActiveVm } from '@mawingu/contracts/vms';
import { getUserVmsCall } from '@mawingu/contracts/vms-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export async function getUserVMs(
  options: { signal?: AbortSignal; background?: boolean } = {},
): Promise<CallEnvelope<typeof getUserVmsCall>> {
  return requestCall(getUserVmsCall, {}, options);
}

/** Every VM query starts with this key: a paid order or a VM action refreshes them all. */
export const VMS_KEY = ['vms'] as const;

/**
 * While a VM is being made or a job acts on it (pendingAction, a public IP being assigned) the list
 * asks again this often, so a just-paid VM shows as running and a deleted one leaves within seconds.
 */
export const PROVISIONING_POLL_MS = 3000;

const settling = (vm: ActiveVm) => vm.vmStatus === 'provisioning' || vm.pendingAction !== null || vm.publicIpState === 'pending';
export const isSettling = (vms: readonly ActiveVm[] | null | undefined) => vms?.some(settling) ?? false;

export function userVmsQueryOptions() {
  return queryOptions({
    queryKey: [...VMS_KEY, 'list'] as const,
    // The first load shows the page's own skeleton; the polls after it run in the background.
    queryFn: ({ signal, client, queryKey }) => getUserVMs({ signal, background: client.getQueryData(queryKey) !== undefined }),
    refetchInterval: (query) => (isSettling(query.state.data?.data) ? PROVISIONING_POLL_MS : false),
  });
}

export function useUserVms() {
  return useQuery(userVmsQueryOptions());
}
