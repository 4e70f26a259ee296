import { defineCalls } from './call.ts';

/** The bell's calls (under /api, signed in); schemas in notifications.ts. */
const call = defineCalls(() => import('./notifications.ts'));

export const userNotificationsCall = call('GET', 'userNotification', (s) => ({ reply: s.userNotifications }));
export const updateUserNotificationCall = call('POST', 'notification/updateUserNotification', (s) => ({
  request: s.updateUserNotificationRequest,
  reply: s.updateUserNotificationReply,
}));
