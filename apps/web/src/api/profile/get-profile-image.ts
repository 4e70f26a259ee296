import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import type { UserData } from '@mawingu/contracts/auth';
import { readUserData } from '../../lib/session/session-store.ts';
import { renewSession } from '../call-api.ts';

async function fetchWith(imagePath: string, userData: UserData, signal?: AbortSignal) {
  return fetch(imagePath, {
    headers: { [AUTH_HEADER]: userData.token, [REFRESH_HEADER]: userData.refreshToken },
    credentials: 'same-origin',
    signal,
  });
}

/**
 * The customer's picture as a Blob. It is private (served to its owner only), so an <img src> with
 * the address alone would be refused: it is fetched with the session's headers like any call, and
 * a 401 renews the session once. Null when there is no picture or it cannot be read.
 */
export async function getProfileImage(imagePath: string, signal?: AbortSignal): Promise<Blob | null> {
  const userData = readUserData();
  if (!userData) return null;
  let response = await fetchWith(imagePath, userData, signal);
  if (response.status === 401) {
    const renewal = await renewSession(userData);
    if (renewal.kind !== 'renewed') return null;
    response = await fetchWith(imagePath, renewal.userData, signal);
  }
  return response.ok ? response.blob() : null;
}

/** An object URL for the picture at `imagePath` (from userDetails), revoked when it changes. */
export function useProfileImageUrl(imagePath: string | null): string | null {
  const query = useQuery({
    queryKey: ['account', 'profile-image', imagePath] as const,
    queryFn: ({ signal }) => getProfileImage(imagePath!, signal),
    enabled: imagePath !== null,
    // A new picture gets a new address: one address never changes its bytes.
    staleTime: Infinity,
  });
  const blob = imagePath ? (query.data ?? null) : null;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}
