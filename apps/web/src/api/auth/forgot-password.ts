import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { siteOrigin } from '../site-origin.ts';

/** POST /api/forgotPassword: e-mails a reset link; the reply is the same whether or not the address is registered. */
export async function forgotPassword(emailID: string): Promise<ErrorEnvelope> {
  const body: ForgotPasswordRequest = { emailID, websiteUrl: siteOrigin() };
  return parseErrorReply(await callApi('forgotPassword', body, { renew: 'off' }));
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgotPassword'], mutationFn: forgotPassword });
}
