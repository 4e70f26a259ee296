import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVmDetailForRenewCall } from '@mawingu/contracts/renewals-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** POST virtualMachine/getVMDetailForRenew: what /renewvm/{purchaseId} loads on entry. */
export async function getVMDetailForRenew(productID: number, signal?: AbortSignal): Promise<CallEnvelope<typeof getVmDetailForRenewCall>> {
  return requestCall(getVmDetailForRenewCall, { body: { productID } }, { signal });
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
