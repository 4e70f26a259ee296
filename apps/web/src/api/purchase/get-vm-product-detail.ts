import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { vmProductDetails, type GetVMProductDetailRequest, type VmProductDetails } from '@mawingu/contracts/purchase';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

/** POST virtualMachine/getVMProductDetail: what /productdetails/{productID} loads on entry. */
export async function getVMProductDetail(productID: number, signal?: AbortSignal): Promise<Envelope<VmProductDetails | null>> {
  const body: GetVMProductDetailRequest = { productID };
  return parseReply(await callApi('virtualMachine/getVMProductDetail', body, { signal }), import.meta.env.DEV && vmProductDetails);
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
