import { useCompanyConfigurationQuery } from '../../api/company/get-company-configuration.ts';

/** Status pages ask again on entry, unless the answer is only a moment old (just fetched at boot). */
const FRESH_FOR_MS = 2_000;

export function useFreshCompanyConfiguration() {
  const query = useCompanyConfigurationQuery({ staleTime: FRESH_FOR_MS, refetchOnMount: true });
  // Branding kept from the last visit must not decide where the visitor goes.
  return { query, reply: query.isPlaceholderData ? undefined : query.data };
}
