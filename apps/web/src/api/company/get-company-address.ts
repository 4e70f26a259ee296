import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Envelope } from '@mawingu/contracts/envelope';
import { companyAddress, type CompanyAddress, type CompanyAddressRequest } from '@mawingu/contracts/company';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

export type CompanyAddressReply = Envelope<CompanyAddress[] | null>;

export async function getCompanyAddress(signal?: AbortSignal): Promise<CompanyAddressReply> {
  const body: CompanyAddressRequest = { websiteUrl: siteOrigin() };
  return parseReply(await callApi('home/getCompanyAddress', body, { signal }), import.meta.env.DEV && z.array(companyAddress));
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
