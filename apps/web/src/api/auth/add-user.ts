import { useMutation } from '@tanstack/react-query';
import type { AddUserRequest, OtpChallenge } from '@mawingu/contracts/auth';
import { addUserCall } from '@mawingu/contracts/auth-calls';
import { requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';
import { readAccountReply, type AccountReply } from './account-reply.ts';

export type AddUserFields = Omit<AddUserRequest, 'websiteUrl' | 'roleType'>;

/** POST /api/adduser: registers role "user" with the company of this site; the reply opens the OTP page. */
export async function addUser(fields: AddUserFields): Promise<AccountReply<OtpChallenge>> {
  const body: AddUserRequest = { ...fields, roleType: 'user', websiteUrl: siteOrigin() };
  return readAccountReply(await requestCall(addUserCall, { body }, { renew: 'off' }));
}

export function useAddUser() {
  return useMutation({ mutationKey: ['auth', 'adduser'], mutationFn: addUser });
}
