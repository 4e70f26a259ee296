import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { multiRenewDetails, type GetVMDataForMultipleRenewRequest, type MultiRenewDetails } from '@mawingu/contracts/renewals';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { RENEWALS_KEY } from './get-vm-detail-for-renew.ts';

/**
 * POST virtualMachine/getVMDataForMultipleRenew with the VM ids of the route value. An empty list
 * (a value that is not one) is sent too: the server's 400 is the message the page shows.
 */
export async function getVMDataForMultipleRenew(renewVMData: number[], signal?: AbortSignal): Promise<Envelope<MultiRenewDetails | null>> {
  const body: GetVMDataForMultipleRenewRequest = { renewVMData };
  return parseReply(await callApi('virtualMachine/getVMDataForMultipleRenew', body, { signal }), import.meta.env.DEV && multiRenewDetails);
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
