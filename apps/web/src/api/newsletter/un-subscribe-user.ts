import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { unSubscribeUserCall } from '@mawingu/contracts/newsletter-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** Ends a subscription with the token of the mailed link (`/newsletter?token=…`). */
export async function unSubscribeUser(token: string): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(unSubscribeUserCall, { body: { queryStringValue: token, websiteUrl: siteOrigin() } }));
}

export function useUnSubscribeUser() {
  return useMutation({ mutationKey: ['newsletter', 'unsubscribe'], mutationFn: unSubscribeUser });
}
