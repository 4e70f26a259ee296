import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { renewVmDetails, type GetVMDetailForRenewRequest, type RenewVmDetails } from '@mawingu/contracts/renewals';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

/** POST virtualMachine/getVMDetailForRenew: what /renewvm/{purchaseId} loads on entry. */
export async function getVMDetailForRenew(productID: number, signal?: AbortSignal): Promise<Envelope<RenewVmDetails | null>> {
  const body: GetVMDetailForRenewRequest = { productID };
  return parseReply(await callApi('virtualMachine/getVMDetailForRenew', body, { signal }), import.meta.env.DEV && renewVmDetails);
}

export const RENEWALS_KEY = ['renewals'] as const;

// Arrears days change with the clock and a renewal changes the VM: always asked again on entry.
export const vmDetailForRenewQueryOptions = (productID: number) =>
  queryOptions({
    queryKey: [...RENEWALS_KEY, 'vm', productID] as const,
    queryFn: ({ signal }) => getVMDetailForRenew(productID, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useVmDetailForRenew(productID: number) {
  return useQuery({ ...vmDetailForRenewQueryOptions(productID), enabled: productID > 0 });
}
