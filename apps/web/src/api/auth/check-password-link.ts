import { useQuery } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { checkPasswordLinkCall } from '@mawingu/contracts/auth-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** POST /api/checkPasswordLink: can the e-mailed link (its token) still set a password? 400 says why not. */
export async function checkPasswordLink(queryStringValue: string): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(checkPasswordLinkCall, { body: { queryStringValue, websiteUrl: siteOrigin() } }, { renew: 'off' }));
}

/** Asked once when the link's page opens (no token: nothing to ask). */
export function useCheckPasswordLink(token: string) {
  return useQuery({
    queryKey: ['auth', 'checkPasswordLink', token],
    queryFn: () => checkPasswordLink(token),
    enabled: token !== '',
    staleTime: Infinity,
    retry: false,
  });
}
