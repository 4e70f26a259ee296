import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { UpdateUserProfileRequest } from '@mawingu/contracts/profile';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** POST /api/profileSetting/updateUserProfile ("Information updated successfully"). */
export async function updateUserProfile(fields: UpdateUserProfileRequest): Promise<ErrorEnvelope> {
  return parseErrorReply(await callApi('profileSetting/updateUserProfile', fields));
}

/** Spec section 4: after a profile update the profile refreshes. */
export function useUpdateUserProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'update-profile'],
    mutationFn: updateUserProfile,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : undefined),
  });
}
