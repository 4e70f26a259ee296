import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { PROFILE_IMAGE_FIELD } from '@mawingu/contracts/profile';
import { updateProfileImageCall } from '@mawingu/contracts/profile-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** POST /api/profileSetting/updateProfileImage: a form upload with one image file. */
export async function updateProfileImage(image: File): Promise<ErrorEnvelope> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, image, image.name);
  return outcomeOf(await requestCall(updateProfileImageCall, { body: form }));
}

export function useUpdateProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'update-profile-image'],
    mutationFn: updateProfileImage,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : undefined),
  });
}
