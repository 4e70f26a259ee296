import type { QueryClient } from '@tanstack/react-query';

/** Answers that are the same for visitors and customers (branding, news, FAQ, country list). */
const PUBLIC_QUERY_ROOTS = new Set(['company', 'news', 'faq', 'product-services', 'auth']);

/**
 * After login, logout or a change of customer (also in another tab): drops every cached answer that
 * may depend on who is asking (prices, profile, notifications…) and refetches the ones on screen.
 * Public answers stay, so the header and branding do not flash.
 */
export function resetSessionQueries(queryClient: QueryClient): Promise<void> {
  return queryClient.resetQueries({ predicate: (query) => !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0])) });
}
