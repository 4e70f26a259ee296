import type { UserData } from '@mawingu/contracts/auth';
import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import { readUserData } from '../lib/session/session-store.ts';
import { renewSession } from './call-api.ts';

const fetchWith = (url: string, userData: UserData, accept: string | undefined, signal: AbortSignal | undefined) =>
  fetch(url, {
    headers: { ...(accept ? { Accept: accept } : {}), [AUTH_HEADER]: userData.token, [REFRESH_HEADER]: userData.refreshToken },
    credentials: 'same-origin',
    signal,
  });

/**
 * A file served to its owner only (invoice PDF, ticket attachment, the customer's picture) as a Blob,
 * or null when signed out, refused or unreachable. A plain link or <img src> carries no session
 * headers and would be refused, so it is fetched like any call, renewing the session once on a 401.
 * A caller's cancellation still throws (TanStack Query expects it).
 */
export async function fetchCustomerFile(url: string, options: { accept?: string; signal?: AbortSignal } = {}): Promise<Blob | null> {
  const userData = readUserData();
  if (!userData) return null;
  try {
    let response = await fetchWith(url, userData, options.accept, options.signal);
    if (response.status === 401) {
      const renewal = await renewSession(userData);
      if (renewal.kind !== 'renewed') return null;
      response = await fetchWith(url, renewal.userData, options.accept, options.signal);
    }
    return response.ok ? await response.blob() : null;
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return null;
  }
}
