import type { UserData } from '@mawingu/contracts/auth';
import { refreshTokenCall } from '@mawingu/contracts/auth-calls';
import type { Envelope } from '@mawingu/contracts/envelope';
import { isUserData } from '../../lib/session/session-store.ts';
import { siteOrigin } from '../site-origin.ts';

/**
 * POST /api/refreshToken: the stored token and refresh token go as headers (like every
 * authenticated call), the site in the body; the reply's data is a list whose first element is the
 * renewed user data. Sent by callApi itself (api/call-api.ts renewSession), which is why this file
 * only describes the call: importing callApi here would make a cycle.
 */
export const REFRESH_TOKEN_PATH = refreshTokenCall.path;

export function refreshTokenBody(): { websiteUrl: string } {
  return { websiteUrl: siteOrigin() };
}

/** The renewed user data of a 200 reply, or null. Checked without zod: callApi is in the first load. */
export function renewedUserData(reply: Envelope<unknown>): UserData | null {
  if (reply.status !== 200 || !Array.isArray(reply.data)) return null;
  const [first] = reply.data as unknown[];
  return isUserData(first) ? first : null;
}
