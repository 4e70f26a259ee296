import { queryOptions, useQuery } from '@tanstack/react-query';
import { userNotificationsCall } from '@mawingu/contracts/notifications-calls';
import { requestCall, type CallEnvelope } from '../contract-call.ts';

export type UserNotificationsReply = CallEnvelope<typeof userNotificationsCall>;

/** How often the bell asks for news while the page is open (also on returning to the tab). */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * GET /api/userNotification: the unread count and the newest notifications. A background call:
 * the bell polls it, and the page never waits for it, so it does not raise the loading overlay.
 */
export async function getUserNotifications(signal?: AbortSignal): Promise<UserNotificationsReply> {
  return requestCall(userNotificationsCall, {}, { signal, background: true });
}

export const notificationsQueryKey = ['notifications'] as const;

export function userNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationsQueryKey,
    queryFn: ({ signal }) => getUserNotifications(signal),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
}

export function useUserNotifications() {
  return useQuery(userNotificationsQueryOptions());
}
