import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { subscribeUserCall } from '@mawingu/contracts/newsletter-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** The reply carries no data the UI needs; only status, message and field errors matter. */
export async function subscribeUser(emailID: string): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(subscribeUserCall, { body: { emailID, websiteUrl: siteOrigin() } }));
}

export function useSubscribeUser() {
  return useMutation({ mutationKey: ['newsletter', 'subscribe'], mutationFn: subscribeUser });
}
