import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope } from '@mawingu/contracts/envelope';
import { getUserVMsResponse } from '@mawingu/contracts/vms';
import { customerOf, requireCustomer } from '../../../http/auth-guard.ts';
import { reply } from '../../../http/envelope.ts';
import type { VmService } from './service.ts';

export function vmRoutes(vms: VmService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/virtualMachine/getUserVMs',
      {
        onRequest: requireCustomer,
        schema: {
          tags: ['vms'],
          summary: "The customer's VMs of this company for the Products tab (spec's Active VM fields), newest first",
          response: { 200: getUserVMsResponse, 401: errorEnvelope },
        },
      },
      async (req, res) => {
        const { companyId, customerId } = customerOf(req);
        return reply(res, await vms.listOf(companyId, customerId));
      },
    );
  };
}
