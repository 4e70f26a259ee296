import { useMutation } from '@tanstack/react-query';
import type { ForgotUserNameRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

/** POST /api/forgotUserName: e-mails the user name; the reply never says whether the address is registered. */
export async function forgotUserName(emailID: string): Promise<ErrorEnvelope> {
  const body: ForgotUserNameRequest = { emailID, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('forgotUserName', body, { renew: 'off' }));
}

export function useForgotUserName() {
  return useMutation({ mutationKey: ['auth', 'forgotUserName'], mutationFn: forgotUserName });
}
