import type { Database } from '../../db/client.ts';
import type { IdentityModule } from '../identity/index.ts';
import type { PlatformModule } from '../platform/index.ts';
import type { TenantModule } from '../tenant/index.ts';
import { ticketAdminRoutes } from './console.routes.ts';
import { supportCustomerRoutes } from './customer.routes.ts';
import { createCustomerReply } from './tickets/customer-reply.ts';
import { createOperatorAlerts } from './tickets/operator-alerts.ts';
import { createTicketService } from './tickets/service.ts';

type Deps = { database: Database; platform: PlatformModule; tenant: TenantModule; identity: IdentityModule };

/** Support tickets: the customer's door and the console's answers. */
export function createSupportModule({ database, platform, tenant, identity }: Deps) {
  const alertOperators = createOperatorAlerts(platform.mail);
  const tickets = createTicketService(database.db, {
    files: tenant.files,
    notifications: identity.notifications,
    mail: platform.mail,
    alertOperators,
  });
  const reply = createCustomerReply(database.db, alertOperators);
  return {
    customerRoutes: supportCustomerRoutes(tickets, reply),
    consoleRoutes: ticketAdminRoutes({ database, files: tenant.files, tickets }),
  };
}
