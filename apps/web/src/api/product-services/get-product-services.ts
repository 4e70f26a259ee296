import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductServiceCard } from '@mawingu/contracts/product-services';
import { getProductServicesCall } from '@mawingu/contracts/product-services-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductServicesReply = CallEnvelope<typeof getProductServicesCall>;

export async function getProductServices(signal?: AbortSignal): Promise<ProductServicesReply> {
  return requestCall(getProductServicesCall, { body: { websiteUrl: siteOrigin() } }, { signal });
}

export function productServicesQueryOptions() {
  return queryOptions({
    queryKey: ['product-services', 'cards'] as const,
    queryFn: ({ signal }) => getProductServices(signal),
    staleTime: 5 * 60_000,
  });
}

/** One copy for the header menu, the home cards and the business unit side menu. */
export function useProductServices(enabled = true) {
  return useQuery({ ...productServicesQueryOptions(), enabled });
}

/**
 * The units for menus; empty while loading or on failure, which hides the menu entry.
 * `enabled` false: not asked for yet (a cached reply is still returned).
 */
export function useProductServiceList(enabled = true): ProductServiceCard[] {
  return useProductServices(enabled).data?.data ?? [];
}
