import { queryOptions, useQuery } from '@tanstack/react-query';
import { usableMediaPath } from '../../lib/media-path.ts';

/** The agreement's text, or null when the configured document is not plain text (a PDF: linked instead). */
export async function getRegistrationAgreement(path: string, signal?: AbortSignal): Promise<string | null> {
  const response = await fetch(path, { signal, credentials: 'same-origin' });
  if (!response.ok || !/^text\/plain\b/i.test(response.headers.get('content-type') ?? '')) return null;
  return (await response.text()).trim() || null;
}

/**
 * The company configuration's registrationAgreement document, shown in the signup modal. It is a
 * file of the site (not an API call), so it is fetched as it is.
 */
export function useRegistrationAgreement(documentPath: string | null | undefined) {
  const path = usableMediaPath(documentPath);
  return useQuery(
    queryOptions({
      queryKey: ['company', 'registration-agreement', path] as const,
      queryFn: ({ signal }) => getRegistrationAgreement(path!, signal),
      enabled: path !== null,
      staleTime: 60 * 60_000,
    }),
  );
}
