import { useMutation } from '@tanstack/react-query';
import { otpChallenge, type LoginRequest, type OtpChallenge } from '@mawingu/contracts/auth';
import { callApi } from '../call-api.ts';
import { siteOrigin } from '../site-origin.ts';
import { readAccountReply, type AccountReply } from './account-reply.ts';

export type LoginFields = Omit<LoginRequest, 'websiteUrl'>;

/** POST /api/login: 200 means the one-time code was e-mailed; 401 wrong credentials, 429 too many tries. */
export async function login(fields: LoginFields): Promise<AccountReply<OtpChallenge>> {
  const body: LoginRequest = { ...fields, websiteUrl: siteOrigin() };
  return readAccountReply(await callApi('login', body, { renew: 'off' }), import.meta.env.DEV && otpChallenge);
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
