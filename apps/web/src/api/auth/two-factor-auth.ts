import { useMutation } from '@tanstack/react-query';
import { userDataList, type TwoFactorAuthRequest, type UserData } from '@mawingu/contracts/auth';
import { callApi } from '../call-api.ts';
import { siteOrigin } from '../site-origin.ts';
import { readAccountReply, type AccountReply } from './account-reply.ts';

export type TwoFactorAuthFields = Omit<TwoFactorAuthRequest, 'websiteUrl'>;

/** POST /api/twoFactorAuth: a correct code starts the session; the data's first element is the user data. */
export async function twoFactorAuth(fields: TwoFactorAuthFields): Promise<AccountReply<UserData[]>> {
  const body: TwoFactorAuthRequest = { ...fields, websiteUrl: siteOrigin() };
  return readAccountReply(await callApi('twoFactorAuth', body, { renew: 'off' }), import.meta.env.DEV && userDataList);
}

export function useTwoFactorAuth() {
  return useMutation({ mutationKey: ['auth', 'twoFactorAuth'], mutationFn: twoFactorAuth });
}
