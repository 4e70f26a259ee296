import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, OtpChallenge } from '@mawingu/contracts/auth';
import { loginCall } from '@mawingu/contracts/auth-calls';
import { requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';
import { readAccountReply, type AccountReply } from './account-reply.ts';

export type LoginFields = Omit<LoginRequest, 'websiteUrl'>;

/** POST /api/login: 200 means the one-time code was e-mailed; 401 wrong credentials, 429 too many tries. */
export async function login(fields: LoginFields): Promise<AccountReply<OtpChallenge>> {
  return readAccountReply(await requestCall(loginCall, { body: { ...fields, websiteUrl: siteOrigin() } }, { renew: 'off' }));
}

export function useLogin() {
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login });
}
