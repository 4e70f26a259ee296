import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { PROFILE_IMAGE_FIELD } from '@mawingu/contracts/profile';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { profileQueryKey } from './get-user-profile-info.ts';

/** POST /api/profileSetting/updateProfileImage: a form upload with one image file. */
export async function updateProfileImage(image: File): Promise<ErrorEnvelope> {
  const form = new FormData();
  form.append(PROFILE_IMAGE_FIELD, image, image.name);
  return parseErrorReply(await callApi('profileSetting/updateProfileImage', form));
}

export function useUpdateProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['account', 'update-profile-image'],
    mutationFn: updateProfileImage,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: profileQueryKey }) : undefined),
  });
}
