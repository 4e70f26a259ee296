import type { FastifyPluginAsync } from 'fastify';
import type { PublicIpService } from './public-ips/service.ts';
import type { VmService } from './vms/service.ts';
import type { VmActionService } from './vms/vm-action-service.ts';
import { publicIpRoutes } from './public-ips/routes.ts';
import { vmRoutes } from './vms/routes.ts';
import { vmActionRoutes } from './vms/vm-action-routes.ts';

export function machinesCustomerRoutes(s: { vms: VmService; vmActions: VmActionService; publicIps: PublicIpService }): FastifyPluginAsync {
  return async (api) => {
    await api.register(vmRoutes(s.vms));
    await api.register(vmActionRoutes(s.vmActions));
    await api.register(publicIpRoutes(s.publicIps));
  };
}
