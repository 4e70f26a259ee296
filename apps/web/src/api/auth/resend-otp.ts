import { useMutation } from '@tanstack/react-query';
import type { ResendOtpRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { resendOtpCall } from '@mawingu/contracts/auth-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type ResendOtpFields = Omit<ResendOtpRequest, 'websiteUrl'>;

/** POST /api/resendOtp: e-mails a new code for the same challenge; the message names the masked address. */
export async function resendOtp(fields: ResendOtpFields): Promise<ErrorEnvelope> {
  const body: ResendOtpRequest = { ...fields, websiteUrl: siteOrigin() };
  return outcomeOf(await requestCall(resendOtpCall, { body }, { renew: 'off' }));
}

export function useResendOtp() {
  return useMutation({ mutationKey: ['auth', 'resendOtp'], mutationFn: resendOtp });
}
