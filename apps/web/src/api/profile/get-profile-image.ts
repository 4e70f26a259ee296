import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchCustomerFile } from '../fetch-customer-file.ts';

/**
 * The customer's picture as a Blob. It is private (served to its owner only), so an <img src> with
 * the address alone would be refused. Null when there is no picture or it cannot be read.
 */
export function getProfileImage(imagePath: string, signal?: AbortSignal): Promise<Blob | null> {
  return fetchCustomerFile(imagePath, { signal });
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
