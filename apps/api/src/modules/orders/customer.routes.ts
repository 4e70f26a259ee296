import type { FastifyPluginAsync } from 'fastify';
import type { PurchaseService } from './purchase/service.ts';
import type { RenewalService } from './renewals/service.ts';
import type { VmChangeService } from './vm-changes/service.ts';
import { purchaseRoutes } from './purchase/routes.ts';
import { renewalRoutes } from './renewals/routes.ts';
import { vmChangeRoutes } from './vm-changes/routes.ts';

export function ordersCustomerRoutes(s: {
  purchase: PurchaseService;
  renewals: RenewalService;
  vmChanges: VmChangeService;
}): FastifyPluginAsync {
  return async (api) => {
    await api.register(purchaseRoutes(s.purchase));
    await api.register(renewalRoutes(s.renewals));
    await api.register(vmChangeRoutes(s.vmChanges));
  };
}
