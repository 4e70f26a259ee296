import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import type { UpdateUserNotificationRequest } from '@mawingu/contracts/notifications';
import { callApi } from '../call-api.ts';
import { parseErrorReply } from '../parse-reply.ts';
import { notificationsQueryKey } from './get-user-notifications.ts';

/** POST /api/notification/updateUserNotification: marks the listed notifications read. */
export async function updateUserNotification(ids: number[]): Promise<ErrorEnvelope> {
  const body: UpdateUserNotificationRequest = { notification: ids };
  return parseErrorReply(await callApi('notification/updateUserNotification', body));
}

/** Spec section 4: on success the list reloads. */
export function useUpdateUserNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notifications', 'mark-read'],
    mutationFn: updateUserNotification,
    onSuccess: (reply) => (reply.status === 200 ? queryClient.invalidateQueries({ queryKey: notificationsQueryKey }) : undefined),
  });
}
