import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductFilter } from '@mawingu/contracts/catalog';
import { getFilteredProductsCall } from '@mawingu/contracts/catalog-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type FilteredProductsReply = CallEnvelope<typeof getFilteredProductsCall>;

export async function getFilteredProducts(
  serviceName: string,
  filter: ProductFilter,
  signal?: AbortSignal,
): Promise<FilteredProductsReply> {
  return requestCall(getFilteredProductsCall, { body: { ...filter, serviceName, websiteUrl: siteOrigin() } }, { signal });
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
