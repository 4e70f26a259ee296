import { queryOptions, useQuery } from '@tanstack/react-query';
import { getVmProductDetailCall } from '@mawingu/contracts/purchase-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

/** POST virtualMachine/getVMProductDetail: what /productdetails/{productID} loads on entry. */
export async function getVMProductDetail(productID: number, signal?: AbortSignal): Promise<CallEnvelope<typeof getVmProductDetailCall>> {
  return requestCall(getVmProductDetailCall, { body: { productID } }, { signal });
}

export const PURCHASE_KEY = ['purchase'] as const;

export function vmProductDetailQueryOptions(productID: number) {
  return queryOptions({
    queryKey: [...PURCHASE_KEY, 'product', productID] as const,
    queryFn: ({ signal }) => getVMProductDetail(productID, signal),
  });
}

/** Only a product number (positive) is asked for; anything else is "not found" without a call. */
export function useVmProductDetail(productID: number) {
  return useQuery({ ...vmProductDetailQueryOptions(productID), enabled: productID > 0 });
}
