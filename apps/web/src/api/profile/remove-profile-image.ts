import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** GET /api/profileSetting/removeProfileImage ("Image removed successfully"). */
export async function removeProfileImage(): Promise<ErrorEnvelope> {
  return parseErrorReply(await callApi('profileSetting/removeProfileImage', undefined, { method: 'GET' }));
}

export function useRemoveProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'remove-profile-image'],
    mutationFn: removeProfileImage,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : undefined),
  });
}
