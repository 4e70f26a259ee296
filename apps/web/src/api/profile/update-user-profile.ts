import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { UpdateUserProfileRequest } from '@mawingu/contracts/profile';
import { updateUserProfileCall } from '@mawingu/contracts/profile-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** POST /api/profileSetting/updateUserProfile ("Information updated successfully"). */
export async function updateUserProfile(fields: UpdateUserProfileRequest): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(updateUserProfileCall, { body: fields }));
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
