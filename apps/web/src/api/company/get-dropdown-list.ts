import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MenuItem } from '@mawingu/contracts/company';
import { getDropdownListCall } from '@mawingu/contracts/company-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type DropdownListReply = CallEnvelope<typeof getDropdownListCall>;

export async function getDropdownList(signal?: AbortSignal): Promise<DropdownListReply> {
  return requestCall(getDropdownListCall, { body: { customerUrl: siteOrigin() } }, { signal });
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
