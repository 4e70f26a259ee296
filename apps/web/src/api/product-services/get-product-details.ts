import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { productDetails, type ProductDetails } from '@mawingu/contracts/product-services';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductDetailsReply = Envelope<ProductDetails | null>;

/** `productName` is the business name as the URL carries it (slashes removed). */
export async function getProductDetails(productName: string, signal?: AbortSignal): Promise<ProductDetailsReply> {
  const body = { productName, websiteUrl: siteOrigin() };
  return parseReply(await callApi('productServicesData/getProductDetails', body, { signal }), import.meta.env.DEV && productDetails);
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
