import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProductDetailsCall } from '@mawingu/contracts/product-services-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductDetailsReply = CallEnvelope<typeof getProductDetailsCall>;

/** `productName` is the business name as the URL carries it (slashes removed). */
export async function getProductDetails(productName: string, signal?: AbortSignal): Promise<ProductDetailsReply> {
  return requestCall(getProductDetailsCall, { body: { productName, websiteUrl: siteOrigin() } }, { signal });
}

export function productDetailsQueryOptions(productName: string) {
  return queryOptions({
    queryKey: ['product-services', 'details', productName.toLowerCase()] as const,
    queryFn: ({ signal }) => getProductDetails(productName, signal),
    staleTime: 5 * 60_000,
  });
}

export function useProductDetails(productName: string) {
  return useQuery(productDetailsQueryOptions(productName));
}
