import { useMutation } from '@tanstack/react-query';
import type { ForgotUserNameRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { forgotUserNameCall } from '@mawingu/contracts/auth-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

/** POST /api/forgotUserName: e-mails the user name; the reply never says whether the address is registered. */
export async function forgotUserName(emailID: string): Promise<ErrorEnvelope> {
  const body: ForgotUserNameRequest = { emailID, websiteUrl: siteOrigin() };
  return outcomeOf(await requestCall(forgotUserNameCall, { body }, { renew: 'off' }));
}

export function useForgotUserName() {
  return useMutation({ mutationKey: ['auth', 'forgotUserName'], mutationFn: forgotUserName });
}
