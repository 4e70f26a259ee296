import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { menuItem, type dropdownListRequest, type MenuItem } from '@mawingu/contracts/company';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type DropdownListReply = Envelope<MenuItem[] | null>;

export async function getDropdownList(signal?: AbortSignal): Promise<DropdownListReply> {
  const body: z.infer<typeof dropdownListRequest> = { customerUrl: siteOrigin() };
  return parseReply(await callApi('getDropdownList', body, { signal }), import.meta.env.DEV && z.array(menuItem));
}

export function dropdownListQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'dropdown-list'] as const,
    queryFn: ({ signal }) => getDropdownList(signal),
    staleTime: Infinity,
  });
}

/**
 * Benefits menu items; empty while loading or when the call fails, which hides the menu.
 * `enabled` false: not asked for yet (a cached reply is still returned).
 */
export function useBenefitsMenuItems(enabled = true): MenuItem[] {
  return useQuery({ ...dropdownListQueryOptions(), enabled }).data?.data ?? [];
}
