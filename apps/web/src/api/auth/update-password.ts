import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordRequest } from '@mawingu/contracts/auth';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { updatePasswordCall } from '@mawingu/contracts/auth-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { siteOrigin } from '../site-origin.ts';

export type UpdatePasswordFields = Omit<UpdatePasswordRequest, 'websiteUrl'>;

/** POST /api/updatePassword: sets the password of the e-mailed link (`queryStringValue` is its token). */
export async function updatePassword(fields: UpdatePasswordFields): Promise<ErrorEnvelope> {
  const body: UpdatePasswordRequest = { ...fields, websiteUrl: siteOrigin() };
  return outcomeOf(await requestCall(updatePasswordCall, { body }, { renew: 'off' }));
}

export function useUpdatePassword() {
  return useMutation({ mutationKey: ['auth', 'updatePassword'], mutationFn: updatePassword });
}
