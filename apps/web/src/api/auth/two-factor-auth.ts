import { useMutation } from '@tanstack/react-query';
import type { TwoFactorAuthRequest, UserData } from '@mawingu/contracts/auth';
import { twoFactorAuthCall } from '@mawingu/contracts/auth-calls';
import { requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';
import { readAccountReply, type AccountReply } from './account-reply.ts';

export type TwoFactorAuthFields = Omit<TwoFactorAuthRequest, 'websiteUrl'>;

/** POST /api/twoFactorAuth: a correct code starts the session; the data's first element is the user data. */
export async function twoFactorAuth(fields: TwoFactorAuthFields): Promise<AccountReply<UserData[]>> {
  return readAccountReply(await requestCall(twoFactorAuthCall, { body: { ...fields, websiteUrl: siteOrigin() } }, { renew: 'off' }));
}

export function useTwoFactorAuth() {
  return useMutation({ mutationKey: ['auth', 'twoFactorAuth'], mutationFn: twoFactorAuth });
}
