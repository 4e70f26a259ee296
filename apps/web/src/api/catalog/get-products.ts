import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getProductsCall } from '@mawingu/contracts/catalog-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductsReply = CallEnvelope<typeof getProductsCall>;

export async function getProducts(serviceName: string, signal?: AbortSignal): Promise<ProductsReply> {
  return requestCall(getProductsCall, { body: { serviceName, websiteUrl: siteOrigin() } }, { signal });
}

export function productsQueryOptions(serviceName: string) {
  return queryOptions({
    queryKey: ['catalog', 'products', serviceName] as const,
    queryFn: ({ signal }) => getProducts(serviceName, signal),
    staleTime: 60_000,
  });
}

/** A marketplace section: VMs, custom VMs, partner clouds and the Quick Search choices. */
export function useProducts(serviceName: string) {
  return useQuery({ ...productsQueryOptions(serviceName), placeholderData: keepPreviousData });
}
