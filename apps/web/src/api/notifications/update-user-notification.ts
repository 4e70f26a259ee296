import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorEnvelope } from '@mawingu/contracts/envelope';
import { updateUserNotificationCall } from '@mawingu/contracts/notifications-calls';
import { outcomeOf, requestCall } from '../contract-call.ts';
import { notificationsQueryKey } from './get-user-notifications.ts';

/** POST /api/notification/updateUserNotification: marks the listed notifications read. */
export async function updateUserNotification(ids: number[]): Promise<ErrorEnvelope> {
  return outcomeOf(await requestCall(updateUserNotificationCall, { body: { notification: ids } }));
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
