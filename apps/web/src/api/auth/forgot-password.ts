import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { forgotPasswordCall } from '@mawingu/contracts/auth-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** POST /api/forgotPassword: e-mails a reset link; the reply is the same whether or not the address is registered. */
export async function forgotPassword(emailID: string): Promise<ErrorEnvelope> {
  const body: ForgotPasswordRequest = { emailID, websiteUrl: siteOrigin() };
  return outcomeOf(await requestCall(forgotPasswordCall, { body }, { renew: 'off' }));
}

export function useForgotPassword() {
  return useMutation({ mutationKey: ['auth', 'forgotPassword'], mutationFn: forgotPassword });
}
