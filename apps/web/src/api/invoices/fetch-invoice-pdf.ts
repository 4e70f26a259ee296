import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import type { UserData } from '@mawingu/contracts/auth';
import { readUserData } from '../../lib/session/session-store.ts';
import { renewSession } from '../call-api.ts';
import { INVOICES_KEY } from './generate-invoice.ts';

const fetchWith = (url: string, userData: UserData, signal?: AbortSignal) =>
  fetch(url, {
    headers: { Accept: 'application/pdf', [AUTH_HEADER]: userData.token, [REFRESH_HEADER]: userData.refreshToken },
    credentials: 'same-origin',
    signal,
  });

/**
 * The invoice's A4 PDF as bytes, or null when it cannot be had. It is served to its owner only, so
 * it is fetched with the session headers like any call (renewing the session once on a 401) and
 * the viewer is handed the bytes, never the address.
 */
export async function fetchInvoicePdf(url: string, signal?: AbortSignal): Promise<Uint8Array | null> {
  const userData = readUserData();
  if (!userData) return null;
  try {
    let response = await fetchWith(url, userData, signal);
    if (response.status === 401) {
      const renewal = await renewSession(userData);
      if (renewal.kind !== 'renewed') return null;
      response = await fetchWith(url, renewal.userData, signal);
    }
    if (!response.ok) return null;
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    if (signal?.aborted) throw error;
    return null;
  }
}

export function invoicePdfQueryOptions(url: string) {
  return queryOptions({
    queryKey: [...INVOICES_KEY, 'pdf', url] as const,
    queryFn: ({ signal }) => fetchInvoicePdf(url, signal),
    staleTime: Infinity,
  });
}

export function useInvoicePdf(url: string | null) {
  return useQuery({ ...invoicePdfQueryOptions(url ?? ''), enabled: url !== null });
}

/** Hands the PDF to the browser's downloads under `fileName`. */
export function savePdf(bytes: Uint8Array, fileName: string): void {
  const objectUrl = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is dropped.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 30_000);
}
