import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { filteredProducts, type FilterRequest, type FilteredProducts, type ProductFilter } from '@mawingu/contracts/catalog';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type FilteredProductsReply = Envelope<FilteredProducts | null>;

export async function getFilteredProducts(
  serviceName: string,
  filter: ProductFilter,
  signal?: AbortSignal,
): Promise<FilteredProductsReply> {
  const body: FilterRequest = { ...filter, serviceName, websiteUrl: siteOrigin() };
  return parseReply(await callApi('marketPlace/getFilteredProducts', body, { signal }), import.meta.env.DEV && filteredProducts);
}

export function filteredProductsQueryOptions(serviceName: string, filter: ProductFilter) {
  return queryOptions({
    queryKey: ['catalog', 'filtered', serviceName, filter] as const,
    queryFn: ({ signal }) => getFilteredProducts(serviceName, filter, signal),
    staleTime: 60_000,
  });
}

/** The applied Quick Search; `filter` null means none is applied and nothing is fetched. */
export function useFilteredProducts(serviceName: string, filter: ProductFilter | null) {
  return useQuery({
    ...filteredProductsQueryOptions(serviceName, filter ?? ({} as ProductFilter)),
    enabled: filter !== null,
  });
}
