import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { removeProfileImageCall } from '@mawingu/contracts/profile-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** GET /api/profileSetting/removeProfileImage ("Image removed successfully"). */
export async function removeProfileImage(): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(removeProfileImageCall, {}));
}

export function useRemoveProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'remove-profile-image'],
    mutationFn: removeProfileImage,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : undefined),
  });
}
