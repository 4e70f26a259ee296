import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { countryList, type CountryEntry } from '@mawingu/contracts/auth';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export type CountryCodeReply = Envelope<CountryEntry[] | null>;

/** GET /api/getCountryCode: dialling codes with each country's mobile number length bounds. */
export async function getCountryCode(signal?: AbortSignal): Promise<CountryCodeReply> {
  return parseReply(await callApi('getCountryCode', undefined, { signal }), import.meta.env.DEV && countryList);
}

export function countryCodeQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'countries'] as const,
    queryFn: ({ signal }) => getCountryCode(signal),
    staleTime: 60 * 60_000,
  });
}

export function useCountryCodes() {
  return useQuery(countryCodeQueryOptions());
}
