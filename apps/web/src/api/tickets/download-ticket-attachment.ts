import { AUTH_HEADER, REFRESH_HEADER } from '@mawingu/contracts/auth-headers';
import type { UserData } from '@mawingu/contracts/auth';
import { readUserData } from '../../lib/session/session-store.ts';
import { renewSession } from '../call-api.ts';

const fetchWith = (url: string, userData: UserData) =>
  fetch(url, { headers: { [AUTH_HEADER]: userData.token, [REFRESH_HEADER]: userData.refreshToken }, credentials: 'same-origin' });

/**
 * A ticket's file as a Blob, or null when it cannot be had. Attachments are served to their owner
 * only, so a plain link (which carries no session headers) would be refused: the file is fetched
 * like any call, renewing the session once on a 401.
 */
export async function fetchTicketAttachment(url: string): Promise<Blob | null> {
  const userData = readUserData();
  if (!userData) return null;
  try {
    let response = await fetchWith(url, userData);
    if (response.status === 401) {
      const renewal = await renewSession(userData);
      if (renewal.kind !== 'renewed') return null;
      response = await fetchWith(url, renewal.userData);
    }
    return response.ok ? await response.blob() : null;
  } catch {
    return null;
  }
}

/** Hands the file to the browser's downloads under its own name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const objectUrl = URL.createObjectURL(blob);
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
