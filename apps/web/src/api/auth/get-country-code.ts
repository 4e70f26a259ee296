import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCountryCodeCall } from '@mawingu/contracts/auth-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export type CountryCodeReply = CallEnvelope<typeof getCountryCodeCall>;

/** GET /api/getCountryCode: dialling codes with each country's mobile number length bounds. */
export async function getCountryCode(signal?: AbortSignal): Promise<CountryCodeReply> {
  return requestCall(getCountryCodeCall, {}, { signal });
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
