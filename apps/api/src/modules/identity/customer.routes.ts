import type { FastifyPluginAsync } from 'fastify';
import type { NotificationService } from './notifications/service.ts';
import type { ProfileService } from './profile/service.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { profileRoutes } from './profile/routes.ts';

export function identityCustomerRoutes(s: {
  auth: FastifyPluginAsync;
  profile: ProfileService;
  notifications: NotificationService;
  support: FastifyPluginAsync;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(s.auth);
    await api.register(profileRoutes(s.profile));
    await api.register(notificationRoutes(s.notifications));
    await api.register(s.support);
  };
}
