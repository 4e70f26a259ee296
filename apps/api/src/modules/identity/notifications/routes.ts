import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope } from '@mawingu/contracts/envelope';
import { messages } from '@mawingu/contracts/messages';
import { updateUserNotificationReply, updateUserNotificationRequest, userNotifications } from '@mawingu/contracts/notifications';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { NotificationService } from './service.ts';

// The guard runs on request, before the body is read: a visitor learns nothing about the payload.
export function notificationRoutes(notifications: NotificationService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/userNotification',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['notifications'],
          summary: 'The newest notifications (newest first, at most 50) and the unread count',
          response: { 200: envelope(userNotifications), 401: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await notifications.list(companyId, customerId));
      },
    );

    app.post(
      '/notification/updateUserNotification',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['notifications'],
          summary: "Marks the listed notifications read (only the customer's own; other ids are ignored)",
          body: updateUserNotificationRequest,
          response: { 200: envelope(updateUserNotificationReply), 400: errorEnvelope, 401: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        const newNotificationCount = await notifications.markRead(companyId, customerId, req.body.notification);
        return reply(res, { newNotificationCount }, messages.notificationsUpdated);
      },
    );
  };
}
