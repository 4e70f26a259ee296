import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { marketplaceProducts, type GetProductsRequest, type MarketplaceProducts } from '@mawingu/contracts/catalog';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductsReply = Envelope<MarketplaceProducts | null>;

export async function getProducts(serviceName: string, signal?: AbortSignal): Promise<ProductsReply> {
  const body: GetProductsRequest = { serviceName, websiteUrl: siteOrigin() };
  return parseReply(await callApi('marketPlace/getProducts', body, { signal }), import.meta.env.DEV && marketplaceProducts);
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
