import type { Envelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { siteOrigin } from '../site-origin.ts';

/**
 * POST /api/logout (authenticated): revokes the session on the server. An expired access token is
 * renewed first, so the server can still revoke it, but a refused renewal is not announced as an
 * expiry: the caller is ending the session anyway.
 */
export async function logoutCall(): Promise<Envelope<unknown>> {
  return callApi('logout', { websiteUrl: siteOrigin() }, { renew: 'quiet' });
}
