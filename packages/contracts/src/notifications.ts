import { z } from 'zod';
import { messages } from './messages.ts';

/** Notifications under the bell (portal spec sections 3, 4 and 7). */

/** The most recent notifications the bell lists; the unread count covers all of them. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** What a notice can lead to (ours, issue 16): the Products tab, Purchase History, or one ticket. */
export const NOTIFICATION_LINKS = ['products', 'purchaseHistory', 'ticket'] as const;
export type NotificationLinkTo = (typeof NOTIFICATION_LINKS)[number];
export const notificationLink = z.discriminatedUnion('to', [
  z.object({ to: z.literal('products') }),
  z.object({ to: z.literal('purchaseHistory') }),
  z.object({ to: z.literal('ticket'), id: z.number().int().positive() }),
]);
export type NotificationLink = z.infer<typeof notificationLink>;

export const notificationEntry = z.object({
  ID: z.number().int(),
  notificationDetail: z.string(),
  /** 0 = unread, 1 = read. */
  isViewed: z.union([z.literal(0), z.literal(1)]),
  /** When it was written (ISO); ours, as is `link`. */
  createdDate: z.string(),
  /** What it is about, null for notices without one (broadcasts, and those written before links were kept). */
  link: notificationLink.nullable(),
});
export type NotificationEntry = z.infer<typeof notificationEntry>;

/** GET /api/userNotification: newest first. */
export const userNotifications = z.object({
  newNotificationCount: z.number().int(),
  list: z.array(notificationEntry),
});
export type UserNotifications = z.infer<typeof userNotifications>;

const notificationId = z
  .number({ error: messages.notificationsRequired })
  .int(messages.notificationsRequired)
  .positive(messages.notificationsRequired);

/** POST /api/notification/updateUserNotification: marks the listed notifications (own only) as read. */
export const updateUserNotificationRequest = z.object({
  notification: z
    .array(notificationId, { error: messages.notificationsRequired })
    .min(1, messages.notificationsRequired)
    .max(500, messages.fieldTooLong),
});
export type UpdateUserNotificationRequest = z.infer<typeof updateUserNotificationRequest>;

/** Reply of updateUserNotification: the unread count afterwards. */
export const updateUserNotificationReply = z.object({ newNotificationCount: z.number().int() });
