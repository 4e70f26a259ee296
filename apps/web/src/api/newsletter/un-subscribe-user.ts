import { useMutation } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { UnSubscribeUserRequest } from '@mawingu/contracts/newsletter';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

/** Ends a subscription with the token of the mailed link (`/newsletter?token=…`). */
export async function unSubscribeUser(token: string): Promise<ErrorEnvelope> {
  const body: UnSubscribeUserRequest = { queryStringValue: token, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('newsLetter/unSubscribeUser', body));
}

export function useUnSubscribeUser() {
  return useMutation({ mutationKey: ['newsletter', 'unsubscribe'], mutationFn: unSubscribeUser });
}
