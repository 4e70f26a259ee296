import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVmDataForMultipleRenewCall } from '@mawingu/contracts/renewals-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { RENEWALS_KEY } from './get-vm-detail-for-renew.ts';

/**
 * POST virtualMachine/getVMDataForMultipleRenew with the VM ids of the route value. An empty list
 * (a value that is not one) is sent too: the server's 400 is the message the page shows.
 */
export async function getVMDataForMultipleRenew(
  renewVMData: number[],
  signal?: AbortSignal,
): Promise<CallEnvelope<typeof getVmDataForMultipleRenewCall>> {
  return requestCall(getVmDataForMultipleRenewCall, { body: { renewVMData } }, { signal });
}

export const vmDataForMultipleRenewQueryOptions = (ids: number[]) =>
  queryOptions({
    queryKey: [...RENEWALS_KEY, 'multi', ids.join(',')] as const,
    queryFn: ({ signal }) => getVMDataForMultipleRenew(ids, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useVmDataForMultipleRenew(ids: number[]) {
  return useQuery(vmDataForMultipleRenewQueryOptions(ids));
}
