import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope } from '@mawingu/contracts/envelope';
import { userNotifications, type UserNotifications } from '@mawingu/contracts/notifications';
import { callApi } from '../call-api.ts';
import { parseReply } from '../parse-reply.ts';

export type UserNotificationsReply = Envelope<UserNotifications | null>;

/** How often the bell asks for news while the page is open (also on returning to the tab). */
export const NOTIFICATION_POLL_MS = 60_000;

/**
 * GET /api/userNotification: the unread count and the newest notifications. A background call:
 * the bell polls it, and the page never waits for it, so it does not raise the loading overlay.
 */
export async function getUserNotifications(signal?: AbortSignal): Promise<UserNotificationsReply> {
  return parseReply(await callApi('userNotification', undefined, { signal, background: true }), userNotifications);
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
