import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { SubscribeUserRequest } from '@mawingu/contracts/newsletter';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

/** The reply carries no data the UI needs; only status, message and field errors matter. */
export async function subscribeUser(emailID: string): Promise<ErrorEnvelope> {
  const body: SubscribeUserRequest = { emailID, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('newsLetter/subscribeUser', body));
}

export function useSubscribeUser() {
  return useMutation({ mutationKey: ['newsletter', 'subscribe'], mutationFn: subscribeUser });
}
