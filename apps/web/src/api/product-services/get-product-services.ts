import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { productServiceCard, type ProductServiceCard } from '@mawingu/contracts/product-services';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type ProductServicesReply = Envelope<ProductServiceCard[] | null>;

export async function getProductServices(signal?: AbortSignal): Promise<ProductServicesReply> {
  return parseReply(
    await callApi('home/getProductServices', { websiteUrl: siteOrigin() }, { signal }),
    import.meta.env.DEV && z.array(productServiceCard),
  );
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
