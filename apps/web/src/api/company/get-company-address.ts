import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCompanyAddressCall } from '@mawingu/contracts/company-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type CompanyAddressReply = CallEnvelope<typeof getCompanyAddressCall>;

export async function getCompanyAddress(signal?: AbortSignal): Promise<CompanyAddressReply> {
  return requestCall(getCompanyAddressCall, { body: { websiteUrl: siteOrigin() } }, { signal });
}

export function companyAddressesQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'addresses'] as const,
    queryFn: ({ signal }) => getCompanyAddress(signal),
    staleTime: 5 * 60_000,
  });
}

/** The company's offices (home's "Our Reach", About's offices). */
export function useCompanyAddresses() {
  return useQuery(companyAddressesQueryOptions());
}
