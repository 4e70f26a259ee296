import type { Envelope } from '@mawingu/contracts/envelope';
import type { SessionRequest } from '@mawingu/contracts/auth';
import { logoutCall as logout } from '@mawingu/contracts/auth-calls';
import { requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/**
 * POST /api/logout: ends the session on the server, by its access token or, when that has run
 * out, by the refresh token (both travel as headers), so no renewal is needed first.
 */
export async function logoutCall(): Promise<Envelope<unknown>> {
  const body: SessionRequest = { websiteUrl: siteOrigin() };
  return requestCall(logout, { body }, { renew: 'off' });
}
